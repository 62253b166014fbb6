import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export type NavItem = {
  to: string;
  label: string;
  end?: boolean;
  /** A count shown beside the label (unread notifications). */ badge?: number;
};

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
      {item.badge ? (
        <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white tabular-nums">
          {item.badge > 99 ? '99+' : item.badge}
          <span className="sr-only"> não lidas</span>
        </span>
      ) : null}
    </NavLink>
  );
}

/** A header's links: in the bar, or stacked one under the other (`block`) in the mobile menu. */
export function NavLinks({
  label,
  items,
  className,
  block = false,
}: {
  label: string;
  items: NavItem[];
  className: string;
  block?: boolean;
}) {
  return (
    <nav aria-label={label} className={className}>
      {items.map((item) => (
        <NavLinkItem key={item.label} item={item} block={block} />
      ))}
    </nav>
  );
}
