import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { withNext } from '../../lib/next-path';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { HeaderShell } from './header-shell';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu';
import { NavLinks, type NavItem } from './nav-link-item';

/** A visitor's menu: the start and the games (signing in is the button beside it). */
const links: NavItem[] = [
  { to: '/', label: 'Início', end: true },
  { to: '/public-games', label: 'Jogar' },
];

/** Pages a sign-in should not come back to: the start, and the account pages themselves. */
const NO_RETURN = ['/', '/login', '/register', '/forgot', '/reset-password'];

export function PublicHeader() {
  const menu = useMobileMenu();
  const { pathname, search } = useLocation();
  // Signing in from a game or a filtered list comes back to it.
  const signIn = NO_RETURN.includes(pathname) ? '/login' : withNext('/login', `${pathname}${search}`);
  return (
    <HeaderShell below={<MobileMenuPanel isOpen={menu.isOpen} label="Menu principal" items={links} />}>
      <Logo />
      <NavLinks label="Principal" items={links} className="ml-4 hidden items-center gap-1 md:flex" />
      <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
        <ThemeToggle />
        <Link to={signIn} className={buttonClasses('primary')}>
          Entrar
        </Link>
        <MobileMenuButton isOpen={menu.isOpen} onClick={menu.toggle} />
      </div>
    </HeaderShell>
  );
}
