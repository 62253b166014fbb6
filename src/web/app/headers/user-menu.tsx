import { ChevronDown, LogOut, Shield, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { signOut, type SessionUser } from '../../lib/session';

const itemClasses =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

/** The account menu: Meu perfil, Painel admin (admins), Sair. Arrow keys move, Escape closes. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';

  useEffect(() => {
    if (!isOpen) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: MouseEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setIsOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOpen]);

  function close(returnFocus: boolean) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      items[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      items[items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu do usuário"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
        className="inline-flex min-h-11 items-center gap-1 rounded-xl px-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span
          className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white dark:bg-brand-300 dark:text-slate-950"
          aria-hidden="true"
        >
          {initial}
        </span>
        <ChevronDown
          className={cn('size-4 text-slate-600 transition-transform dark:text-slate-300', isOpen && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Menu do usuário"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-50 mt-2 w-64 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div role="none" className="border-b border-slate-200 px-3 pb-2 pt-1 dark:border-slate-700">
            <p className="truncate font-semibold">{user.name}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <div role="none" className="pt-2">
            <Link to="/profile" role="menuitem" className={itemClasses} onClick={() => close(false)}>
              <UserRound className="size-5" aria-hidden="true" />
              Meu perfil
            </Link>
            {user.role === 'admin' && (
              <Link to="/admin" role="menuitem" className={itemClasses} onClick={() => close(false)}>
                <Shield className="size-5" aria-hidden="true" />
                Painel admin
              </Link>
            )}
            <button type="button" role="menuitem" className={itemClasses} onClick={() => signOut()}>
              <LogOut className="size-5" aria-hidden="true" />
              Sair
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
