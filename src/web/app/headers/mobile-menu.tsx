import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NavLinks, type NavItem } from './nav-link-item';

/**
 * The menu below the md breakpoint. It remembers the location it was opened at, so any
 * navigation closes it without an effect.
 */
export function useMobileMenu() {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const isOpen = openedAt === location.key;
  return {
    isOpen,
    toggle: () => setOpenedAt(isOpen ? null : location.key),
    close: () => setOpenedAt(null),
  };
}

/** The width from which the header shows its full navigation (and this menu hides): md, or lg for a longer bar. */
type MenuBreakpoint = 'md' | 'lg';
const hiddenFrom: Record<MenuBreakpoint, string> = { md: 'md:hidden', lg: 'lg:hidden' };

export function MobileMenuButton({
  isOpen,
  onClick,
  breakpoint = 'md',
}: {
  isOpen: boolean;
  onClick: () => void;
  breakpoint?: MenuBreakpoint;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={isOpen}
      aria-controls="mobile-menu"
      aria-label={isOpen ? 'Fechar menu' : 'Abrir menu'}
      className={`inline-flex size-11 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 ${hiddenFrom[breakpoint]} dark:text-slate-200 dark:hover:bg-slate-800`}
    >
      {isOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
    </button>
  );
}

/** The open menu: the header's links (`label` names them for screen readers), one a line, and `children` under them. */
export function MobileMenuPanel({
  isOpen,
  label,
  items,
  children,
  breakpoint = 'md',
}: {
  isOpen: boolean;
  label: string;
  items: NavItem[];
  children?: ReactNode;
  breakpoint?: MenuBreakpoint;
}) {
  if (!isOpen) return null;
  return (
    <div id="mobile-menu" className={`border-t border-slate-200 px-4 pb-4 pt-2 ${hiddenFrom[breakpoint]} dark:border-slate-800`}>
      <NavLinks label={label} items={items} className="flex flex-col gap-1" block />
      {children}
    </div>
  );
}
