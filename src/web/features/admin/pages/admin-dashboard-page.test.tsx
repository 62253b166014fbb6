import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { openLoginPage, submitLogin } from '../../../test/login-form';
import { admin, aUserGame, authConfig, meReply } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const earnings = {
  fees: 12.34,
  owedPending: 56.78,
  owedAvailable: 90.12,
  owedByOrganisers: 27.6,
  paidOutThisMonth: 345.67,
  payoutsRequested: 2,
};

describe('admin dashboard', () => {
  it('shows the four counters, explains the revenue and lists the recent games; a failure can be retried', async () => {
    let fail = true;
    const recent = aUserGame({ name: 'Vôlei de Quinta', registeredPlayers: 9, totalSlots: 12 });
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/dashboard': () =>
        fail
          ? { status: 403, body: { code: 'forbidden', message: 'Acesso negado.' } }
          : { body: { totalUsers: 42, totalGames: 7, upcomingGames: 3, totalRevenue: 1234.5, recentGames: [recent], earnings } },
    });
    const user = userEvent.setup();
    renderApp('/admin', { token: 'jwt-bia' });
    await findPageHeading('Painel');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar dashboard');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    const revenue = await screen.findByText('R$ 1.234,50');
    expect(revenue.closest('div')).toHaveTextContent('Receita total');
    expect(revenue.closest('div')).toHaveTextContent('Inscrições confirmadas pagas pela plataforma × preço');
    expect(screen.getByText('42').closest('div')).toHaveTextContent('Usuários');
    expect(screen.getByText('7').closest('div')).toHaveTextContent('Jogos');
    expect(screen.getByText('3').closest('div')).toHaveTextContent('Próximos jogos');
    expect(screen.getByText('R$ 12,34').closest('div')).toHaveTextContent('Taxas da plataforma');
    expect(screen.getByText('R$ 56,78').closest('div')).toHaveTextContent('Devido: a receber');
    expect(screen.getByText('R$ 90,12').closest('div')).toHaveTextContent('Devido: disponível');
    expect(screen.getByText('R$ 27,60').closest('div')).toHaveTextContent('Organizadores devem');
    expect(screen.getByText('R$ 345,67').closest('div')).toHaveTextContent('Repassado este mês');
    expect(screen.getByRole('link', { name: 'Repasses pedidos (2)' })).toHaveAttribute('href', '/admin/payouts?status=requested');
    expect(screen.getByText('Vôlei de Quinta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar Vôlei de Quinta' })).toHaveAttribute('href', `/admin/games/${recent.id}`);
  });

  it('is where an admin lands after signing in on the login page', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/login': { body: { token: 'jwt-bia', user: admin } },
      'GET /api/admin/dashboard': { body: { totalUsers: 1, totalGames: 0, upcomingGames: 0, totalRevenue: 0, recentGames: [], earnings } },
    });
    const user = userEvent.setup();
    await openLoginPage();
    await submitLogin(user, 'bia@exemplo.com.br');

    // The visitor tree is swapped for the admin tree, which starts at /admin.
    await findPageHeading('Painel');
    expect(currentPath()).toBe('/admin');
    expect(await screen.findByText('Nenhum jogo criado ainda.')).toBeInTheDocument();
  });
});
