import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export type NavItem = { to: string; label: string; end?: boolean };

/** A header link; the current page is highlighted and marked `aria-current="page"`. */
export function NavLinkItem({ item, block = false }: { item: NavItem; block?: boolean }) {
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        cn(
          'inline-flex min-h-11 items-center rounded-xl px-3 text-base font-semibold transition-colors',
          block && 'w-full',
          isActive
            ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}
