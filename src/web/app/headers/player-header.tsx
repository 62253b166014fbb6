import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { useUnreadCount } from '../../features/notifications/api';
import { formatBRL } from '../../lib/format';
import type { SessionUser } from '../../lib/session';
import { HeaderShell } from './header-shell';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu';
import { NavLinks, type NavItem } from './nav-link-item';
import { UserMenu } from './user-menu';

const links: NavItem[] = [
  // The player's own registrations (home) and the games they organise ("Meus jogos", decision 047): two names, not one twice.
  { to: '/', label: 'Início', end: true },
  { to: '/games', label: 'Jogos' },
  { to: '/notifications', label: 'Notificações' },
  { to: '/my-games', label: 'Meus jogos' },
  { to: '/turmas', label: 'Turmas' },
];

const creditLinkClasses =
  'inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-bold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950';

/** The balance and the way to add credits, in the bar (`className` frames it) and in the mobile menu. */
function CreditsBox({ credits, className }: { credits: number; className: string }) {
  return (
    <div className={className}>
      <p>
        <span className="text-sm text-slate-600 dark:text-slate-400">Saldo</span>{' '}
        <span className="font-bold tabular-nums text-slate-900 dark:text-white">{formatBRL(credits)}</span>
      </p>
      <Link to="/add-credit" className={creditLinkClasses}>
        + Créditos
      </Link>
    </div>
  );
}

/** The header's links, with the unread-notification count fetched again on every navigation. */
function useLinks(): NavItem[] {
  const location = useLocation();
  const unread = useUnreadCount();
  const { refetch } = unread;
  const seenKey = useRef(location.key);
  useEffect(() => {
    // The first render already fetches; every later navigation asks again.
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    void refetch();
  }, [location.key, refetch]);
  const count = unread.data?.count ?? 0;
  return links.map((item) => (item.to === '/notifications' ? { ...item, badge: count } : item));
}

export function PlayerHeader({ user }: { user: SessionUser }) {
  const menu = useMobileMenu();
  const navLinks = useLinks();
  return (
    <HeaderShell
      below={
        <MobileMenuPanel isOpen={menu.isOpen} label="Menu principal" items={navLinks}>
          <CreditsBox
            credits={user.credits}
            className="mt-3 flex items-center justify-between rounded-xl bg-slate-100 px-3 sm:hidden dark:bg-slate-800"
          />
        </MobileMenuPanel>
      }
    >
      <Logo />
      <NavLinks label="Principal" items={navLinks} className="ml-2 hidden items-center gap-1 md:flex lg:ml-4" />
      <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
        <CreditsBox
          credits={user.credits}
          className="hidden items-center gap-1 rounded-xl border border-slate-200 pl-3 sm:flex dark:border-slate-700"
        />
        <ThemeToggle />
        <UserMenu user={user} />
        <MobileMenuButton isOpen={menu.isOpen} onClick={menu.toggle} />
      </div>
    </HeaderShell>
  );
}
