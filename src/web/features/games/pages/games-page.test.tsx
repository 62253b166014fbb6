import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { anInvitation, aPlayerGame, hoursFromNow, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const reference = {
  'GET /api/users/me': meReply(player),
  'GET /api/games/sports': { body: [] },
  'GET /api/games/states': { body: [{ id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }] },
  'GET /api/games/cities': { body: [{ id: 1, name: 'Florianópolis', stateId: 24, active: true }] },
};

function card(name: string) {
  return within(screen.getByRole('heading', { name }).closest('li')!);
}

describe('games (player)', () => {
  it('a shared filtered list opened signed in is the same list, with its filters, for players', async () => {
    const api = fakeApi({ ...reference, 'GET /api/games': { body: [] } });
    renderApp('/public-games?stateId=24&cityId=1', { token: 'jwt-ana' });
    await waitFor(() => expect(currentPath()).toBe('/games?stateId=24&cityId=1'));
    await waitFor(() => expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toContain('/api/games?stateId=24&cityId=1'));
  });

  it("labels each card by the player's place in the game and links to /apply/{id}", async () => {
    const registered = aPlayerGame({
      name: 'Inscrito',
      userRegistration: { isRegistered: true, isOnWaitlist: false },
      registrationType: 'confirmed',
    });
    const waiting = aPlayerGame({ name: 'Na fila', remainingSlots: 0, userRegistration: { isRegistered: false, isOnWaitlist: true } });
    const full = aPlayerGame({ name: 'Cheio', remainingSlots: 0 });
    const open = aPlayerGame({ name: 'Aberto', usePlatformPayment: false, remainingSlots: 5, totalSlots: 10, price: 20 });
    fakeApi({ ...reference, 'GET /api/games': { body: [registered, waiting, full, open] }, 'GET /api/invitations': { body: [] } });
    renderApp('/games', { token: 'jwt-ana' });
    await findPageHeading('Jogos');
    await screen.findByRole('heading', { name: 'Aberto' });

    expect(card('Inscrito').getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/apply/${registered.id}`);
    expect(card('Na fila').getByRole('link', { name: 'Ver lista de espera' })).toHaveAttribute('href', `/apply/${waiting.id}`);
    expect(card('Cheio').getByRole('link', { name: 'Entrar na lista de espera' })).toHaveAttribute('href', `/apply/${full.id}`);
    expect(card('Cheio').getByText('Lotado')).toBeInTheDocument();
    expect(card('Cheio').getByText('Pagamento pela plataforma')).toBeInTheDocument();

    const aberto = card('Aberto');
    expect(aberto.getByRole('link', { name: 'Participar' })).toHaveAttribute('href', `/apply/${open.id}`);
    expect(aberto.getByText('Pagamento por fora')).toBeInTheDocument();
    expect(aberto.getByText('5 de 10 vagas ocupadas · 5 livres')).toBeInTheDocument();
    expect(aberto.getByText('R$ 20,00')).toBeInTheDocument();
    expect(aberto.getByText('Florianópolis/SC')).toBeInTheDocument();
    expect(aberto.queryByText('Lotado')).not.toBeInTheDocument();
    // No invitations: no invited section.
    expect(screen.queryByRole('heading', { name: 'Jogos convidados' })).not.toBeInTheDocument();
  });

  it('lists only games still to come, even one the list brought just before it started', async () => {
    const started = aPlayerGame({ name: 'Começou há duas horas', dateTime: hoursFromNow(-2) });
    const later = aPlayerGame({ name: 'Hoje à noite', dateTime: hoursFromNow(6) });
    fakeApi({ ...reference, 'GET /api/games': { body: [started, later] }, 'GET /api/invitations': { body: [] } });
    renderApp('/games', { token: 'jwt-ana' });
    await screen.findByRole('heading', { name: 'Hoje à noite' });
    expect(screen.queryByRole('heading', { name: 'Começou há duas horas' })).not.toBeInTheDocument();
  });

  it('shows the invited games on top, opened by their private link', async () => {
    const invitation = anInvitation({ name: 'Vôlei dos Amigos', privateLink: 'amigos-123' });
    fakeApi({ ...reference, 'GET /api/games': { body: [] }, 'GET /api/invitations': { body: [invitation] } });
    renderApp('/games', { token: 'jwt-ana' });

    const section = (await screen.findByRole('heading', { name: 'Jogos convidados' })).closest('section')!;
    expect(within(section).getByRole('link', { name: 'Participar' })).toHaveAttribute('href', '/games/private/amigos-123');
    expect(await screen.findByText('Nenhum jogo disponível')).toBeInTheDocument();
  });

  it('offers Limpar filtros when the filters match nothing', async () => {
    fakeApi({
      ...reference,
      'GET /api/games': (call) => ({ body: call.path.includes('stateId') ? [] : [aPlayerGame({ name: 'Único' })] }),
      'GET /api/invitations': { body: [] },
    });
    const user = userEvent.setup();
    renderApp('/games', { token: 'jwt-ana' });
    await screen.findByRole('heading', { name: 'Único' });

    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    const empty = (await screen.findByText('Nenhum jogo encontrado')).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByRole('heading', { name: 'Único' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cidade')).toBeDisabled();
  });

  it('takes its filters from the address like the public list, and Limpar filtros empties it', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/games': (call) => ({
        body: [aPlayerGame({ name: call.path.includes('cityId=1') ? 'Em Florianópolis' : 'Qualquer lugar' })],
      }),
      'GET /api/invitations': { body: [] },
    });
    const user = userEvent.setup();
    renderApp('/games?stateId=24&cityId=1', { token: 'jwt-ana' });
    expect(await screen.findByRole('heading', { name: 'Em Florianópolis' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toEqual(['/api/games?stateId=24&cityId=1']);
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('1'));

    await user.click(within(screen.getByRole('search', { name: 'Filtrar jogos' })).getByRole('button', { name: 'Limpar filtros' }));
    expect(currentPath()).toBe('/games');
    expect(await screen.findByRole('heading', { name: 'Qualquer lugar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cidade')).toBeDisabled();
  });
});
