import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import {
  aHistoryGame,
  aMyGame,
  aWaitlistedGame,
  calendarFeed,
  hoursFromNow,
  meReply,
  notificationSettings,
  player,
} from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

describe('profile', () => {
  it('shows the player, the balance and the games by status; cancelled only when there are some', async () => {
    const confirmed = aMyGame({ name: 'Confirmado' });
    const pending = aMyGame({ name: 'Pendente', registrationType: 'pending', paymentType: null });
    const waiting = aWaitlistedGame({ name: 'Na fila', position: 3 });
    fakeApi({ 'GET /api/users/me': meReply(player, { myGames: [confirmed, pending], waitlistedGames: [waiting] }) });
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');

    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.com.br')).toBeInTheDocument();
    expect(screen.getByText('(48) 99123-4567')).toBeInTheDocument();

    const row = (name: string) => within(screen.getByRole('link', { name }).closest('li')!);
    expect(await screen.findByRole('link', { name: 'Confirmado' })).toBeInTheDocument();
    expect(row('Confirmado').getByText('Inscrição confirmada')).toBeInTheDocument();
    expect(row('Pendente').getByText('Aguardando pagamento')).toBeInTheDocument();
    expect(row('Na fila').getByText('Posição na fila: 3')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Inscrições canceladas' })).not.toBeInTheDocument();
  });

  it('opens the add-credits dialog on the page itself (spec: players, profile)', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/credits/config': { body: { mode: 'sandbox' } },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');
    await user.click(screen.getByRole('button', { name: 'Adicionar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar créditos' });
    expect(within(dialog).getByText('Escolha o valor e a forma de pagamento.')).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
  });

  it('asks with the refund outcome before cancelling and shows the result in green', async () => {
    const game = aMyGame({ name: 'Quinta', dateTime: hoursFromNow(72), price: 15, paymentType: 'credit' });
    let cancelled = false;
    const api = fakeApi({
      'GET /api/users/me': () =>
        meReply(cancelled ? { ...player, credits: 40.5 } : player, {
          myGames: [{ ...game, registrationType: cancelled ? 'cancelled' : 'confirmed' }],
        }),
      [`POST /api/games/${game.id}/cancel`]: () => {
        cancelled = true;
        return {
          body: {
            message: 'Inscrição cancelada com sucesso. R$ 15,00 voltaram para os seus créditos.',
            refund: 'credits',
            refundedAmount: 15,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');

    await user.click(await screen.findByRole('button', { name: 'Cancelar inscrição' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar inscrição?' });
    expect(dialog).toHaveTextContent('Reembolso: R$ 15,00 voltam para os seus créditos na hora.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(api.callsTo('POST', `/api/games/${game.id}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar inscrição' }));

    const result = await screen.findByText('Inscrição cancelada com sucesso. R$ 15,00 voltaram para os seus créditos.');
    expect(result.closest('[role="status"]')).toHaveClass('bg-green-50');
    expect(await screen.findByRole('heading', { name: 'Inscrições canceladas' })).toBeInTheDocument();
    expect(screen.getAllByText('R$ 40,50').length).toBeGreaterThan(0);
  });

  it('shows a waitlist the player left apart from cancelled registrations', async () => {
    const cancelled = aMyGame({ name: 'Cancelei', registrationType: 'cancelled' });
    const left = aMyGame({ name: 'Saí da fila', registrationType: 'cancelled', paymentType: null, leftWaitlist: true });
    fakeApi({ 'GET /api/users/me': meReply(player, { myGames: [cancelled, left] }) });
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');

    const section = (name: string) => within(screen.getByRole('heading', { name }).closest('section')!);
    expect(await screen.findByRole('heading', { name: 'Listas de espera que você deixou' })).toBeInTheDocument();
    expect(section('Listas de espera que você deixou').getByText('Saiu da lista de espera')).toBeInTheDocument();
    expect(section('Listas de espera que você deixou').getByRole('link', { name: 'Saí da fila' })).toBeInTheDocument();
    expect(section('Inscrições canceladas').getByRole('link', { name: 'Cancelei' })).toBeInTheDocument();
    expect(section('Inscrições canceladas').queryByRole('link', { name: 'Saí da fila' })).not.toBeInTheDocument();
  });

  it('shows Erro ao cancelar inscrição. in red when the cancel fails', async () => {
    const game = aMyGame({ name: 'Quinta', dateTime: hoursFromNow(24), paymentType: 'credit' });
    fakeApi({
      ...calendarFeed,
      ...notificationSettings,
      'GET /api/users/me': meReply(player, { myGames: [game] }),
      [`POST /api/games/${game.id}/cancel`]: { status: 409, body: {} },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });

    await user.click(await screen.findByRole('button', { name: 'Cancelar inscrição' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Sem reembolso: faltam menos de 48 horas para o jogo.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar inscrição' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao cancelar inscrição.');
  });

  it('lets a waitlisted player leave the line', async () => {
    const waiting = aWaitlistedGame({ name: 'Na fila' });
    const api = fakeApi({
      'GET /api/users/me': meReply(player, { waitlistedGames: [waiting] }),
      [`POST /api/games/${waiting.id}/cancel`]: {
        body: { message: 'Você saiu da lista de espera com sucesso.', refund: 'none', refundedAmount: 0 },
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });

    await user.click(await screen.findByRole('button', { name: 'Sair da lista de espera' }));
    const dialog = screen.getByRole('dialog', { name: 'Sair da lista de espera?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sair da lista' }));
    expect(await screen.findByText('Você saiu da lista de espera com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/games/${waiting.id}/cancel`)).toHaveLength(1);
  });

  it('Minha agenda: shows the private feed address, copies it, and after confirming gives a new one', async () => {
    const first = calendarFeed['GET /api/users/me/calendar'].body.url;
    const second = first.replace(/a{64}/, 'b'.repeat(64));
    const api = fakeApi({
      ...calendarFeed,
      'GET /api/users/me': meReply(player),
      'POST /api/users/me/calendar/regenerate': {
        body: { url: second, message: 'Novo link da agenda gerado. O link antigo parou de funcionar.' },
      },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');

    const section = within(screen.getByRole('region', { name: 'Minha agenda' }));
    expect(await section.findByLabelText('Link da sua agenda')).toHaveValue(first);
    await user.click(section.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(first);
    expect(await screen.findByText('Link da agenda copiado!')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Gerar novo link' }));
    const dialog = screen.getByRole('dialog', { name: 'Gerar novo link da agenda?' });
    await user.click(within(dialog).getByRole('button', { name: 'Manter o atual' }));
    expect(api.callsTo('POST', '/api/users/me/calendar/regenerate')).toHaveLength(0);

    await user.click(section.getByRole('button', { name: 'Gerar novo link' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Gerar novo link da agenda?' })).getByRole('button', { name: 'Gerar novo link' }),
    );
    expect(await screen.findByText('Novo link da agenda gerado. O link antigo parou de funcionar.')).toBeInTheDocument();
    expect(section.getByLabelText('Link da sua agenda')).toHaveValue(second);
    expect(api.callsTo('POST', '/api/users/me/calendar/regenerate')).toHaveLength(1);
  });

  it('lists the games already played, latest first, and brings older ones on request with the continuation', async () => {
    const played = aHistoryGame({ name: 'Jogado ontem', dateTime: hoursFromNow(-24) });
    const left = aHistoryGame({ name: 'Fila deixada', registrationType: 'cancelled', leftWaitlist: true });
    const playing = aHistoryGame({ name: 'Rolando agora', dateTime: hoursFromNow(-1) });
    const oldest = aHistoryGame({ name: 'Jogo antigo', dateTime: hoursFromNow(-24 * 90) });
    let olderFails = true;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/users/me/history': (call) => {
        if (!call.path.includes('cursor=')) return { body: { games: [playing, played, left], next: '1700000000000.7' } };
        if (olderFails) return 'network-error';
        return { body: { games: [oldest], next: null } };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    const section = within(await screen.findByRole('region', { name: 'Jogos anteriores' }));
    const row = async (name: string) => within((await section.findByRole('link', { name })).closest('li')!);
    expect((await row('Jogado ontem')).getByText('Finalizado')).toBeInTheDocument();
    expect((await row('Fila deixada')).getByText('Saiu da lista de espera')).toBeInTheDocument();
    // Started an hour ago: still being played, not over.
    expect((await row('Rolando agora')).getByText('Em andamento')).toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Jogo antigo' })).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Ver jogos mais antigos' }));
    expect(await section.findByText('Erro de conexão. Tente novamente.')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Jogado ontem' })).toBeInTheDocument();

    olderFails = false;
    await user.click(section.getByRole('button', { name: 'Ver jogos mais antigos' }));
    expect((await row('Jogo antigo')).getByText('Finalizado')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Ver jogos mais antigos' })).not.toBeInTheDocument();
    expect(section.getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual([
      'Rolando agora',
      'Jogado ontem',
      'Fila deixada',
      'Jogo antigo',
    ]);
    // The first page once; the next one failed (tried three times, as every read is), then came on the second click.
    const older = '/api/users/me/history?cursor=1700000000000.7';
    expect(api.callsTo('GET', '/api/users/me/history').map((call) => call.path)).toEqual([
      '/api/users/me/history',
      older,
      older,
      older,
      older,
    ]);
  });

  it('says where the history will be while there is none', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/users/me/history': { body: { games: [], next: null } } });
    renderApp('/profile', { token: 'jwt-ana' });
    const section = within(await screen.findByRole('region', { name: 'Jogos anteriores' }));
    expect(await section.findByText('Os jogos em que você se inscreveu aparecem aqui depois que começam.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Ver jogos mais antigos' })).not.toBeInTheDocument();
  });
});
