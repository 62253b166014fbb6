import { LogOut, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { signOut } from '../../lib/session';
import { HeaderShell } from './header-shell';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu';
import { NavLinks, type NavItem } from './nav-link-item';

const links: NavItem[] = [
  { to: '/admin', label: 'Painel', end: true },
  { to: '/admin/users', label: 'Usuários' },
  { to: '/admin/games', label: 'Jogos' },
  { to: '/admin/cancellations', label: 'Cancelamentos' },
  { to: '/admin/payouts', label: 'Repasses' },
  { to: '/admin/cities', label: 'Cidades' },
  { to: '/admin/turmas', label: 'Turmas' },
];

export function AdminHeader() {
  const menu = useMobileMenu();
  const [isLeaving, setIsLeaving] = useState(false);
  const openLeaveDialog = () => setIsLeaving(true);
  return (
    <>
      <HeaderShell
        below={
          <MobileMenuPanel isOpen={menu.isOpen} label="Menu do painel" items={links} breakpoint="lg">
            <div className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">
              <Button variant="ghost" onClick={openLeaveDialog}>
                <Undo2 className="size-5" aria-hidden="true" />
                Voltar ao site
              </Button>
            </div>
          </MobileMenuPanel>
        }
      >
        <Logo to="/admin" suffix="Admin" />
        <NavLinks label="Painel" items={links} className="ml-4 hidden items-center gap-1 lg:flex" />
        <div className="ml-auto flex flex-wrap items-center justify-end gap-1 sm:gap-2">
          <Button variant="ghost" onClick={openLeaveDialog} className="whitespace-nowrap" title="Voltar ao site">
            <Undo2 className="size-5" aria-hidden="true" />
            <span className="sr-only xl:not-sr-only">Voltar ao site</span>
          </Button>
          <ThemeToggle />
          <Button variant="secondary" onClick={() => signOut()}>
            <LogOut className="size-5" aria-hidden="true" />
            Sair
          </Button>
          <MobileMenuButton isOpen={menu.isOpen} onClick={menu.toggle} breakpoint="lg" />
        </div>
      </HeaderShell>
      <ConfirmDialog
        open={isLeaving}
        title="Voltar ao site"
        message="Administradores só têm acesso ao painel. Para voltar ao site, você precisa sair da sua conta. Deseja sair agora?"
        confirmLabel="Sair e voltar ao site"
        cancelLabel="Cancelar"
        onConfirm={() => signOut({ to: '/' })}
        onCancel={() => setIsLeaving(false)}
      />
    </>
  );
}
