import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserGameDetail } from '../../../../shared/schemas/user-games';
import { fakeApi } from '../../../test/fake-api';
import { admin, aRegistration, aUserGame, aUserGameDetail, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const signedIn = { 'GET /api/users/me': meReply(player), 'GET /api/notifications/unread-count': { body: { count: 0 } } };

async function openRegistrations(routes: Parameters<typeof fakeApi>[0], gameName: string) {
  const api = fakeApi({ ...signedIn, ...routes });
  const user = userEvent.setup();
  renderApp('/my-games', { token: 'jwt-ana' });
  await findPageHeading('Meus jogos');
  const card = within((await screen.findByRole('heading', { name: gameName })).closest('li')!);
  await user.click(card.getByRole('button', { name: /^Ver inscrições de / }));
  return { api, user, card, dialog: () => screen.getByRole('dialog') };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the organiser’s list tools', () => {
  it('adds a walk-in by name (an empty name asks for one), shows it and takes it off again', async () => {
    const game = aUserGame({ name: 'Vôlei da Lagoa', totalSlots: 10 });
    let detail: UserGameDetail = aUserGameDetail(game, [aRegistration({ userName: 'Carla Souza' })]);
    const walkIn = { id: 7, name: '+1 do Pedro', createdAt: '2026-03-02T15:00:00.000Z', present: null, level: null };
    const { api, user, dialog } = await openRegistrations(
      {
        'GET /api/user-games': { body: [game] },
        [`GET /api/user-games/${game.id}`]: () => ({ body: detail }),
        [`POST /api/user-games/${game.id}/walk-ins`]: () => {
          detail = aUserGameDetail(game, detail.registrations, [], [walkIn]);
          return { status: 201, body: { message: '+1 do Pedro foi adicionado(a) à lista.', walkIns: [walkIn], game } };
        },
        [`DELETE /api/user-games/${game.id}/walk-ins/7`]: () => {
          detail = aUserGameDetail(game, detail.registrations);
          return { body: { message: '+1 do Pedro saiu da lista.', walkIns: [], game } };
        },
      },
      'Vôlei da Lagoa',
    );
    const walkIns = () => within(within(dialog()).getByRole('region', { name: /^Avulsos/ }));
    await within(dialog()).findByText('Carla Souza');

    await user.click(walkIns().getByRole('button', { name: 'Adicionar à lista' }));
    expect(walkIns().getByText('Informe o nome de quem vai jogar.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user-games/${game.id}/walk-ins`)).toHaveLength(0);

    await user.type(walkIns().getByLabelText('Adicionar avulso ou +1 (só o nome)'), '+1 do Pedro');
    await user.click(walkIns().getByRole('button', { name: 'Adicionar à lista' }));
    expect(await screen.findByText('+1 do Pedro foi adicionado(a) à lista.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user-games/${game.id}/walk-ins`).map((call) => call.body)).toEqual([{ name: '+1 do Pedro' }]);
    expect(await walkIns().findByText('+1 do Pedro')).toBeInTheDocument();
    expect(walkIns().getByLabelText('Adicionar avulso ou +1 (só o nome)')).toHaveValue('');

    await user.click(walkIns().getByRole('button', { name: 'Tirar +1 do Pedro' }));
    expect(await screen.findByText('+1 do Pedro saiu da lista.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/user-games/${game.id}/walk-ins/7`)).toHaveLength(1);
  });

  it('shows the server’s refusal of a walk-in to a full game under the field', async () => {
    const game = aUserGame({ name: 'Vôlei lotado' });
    const { user, dialog } = await openRegistrations(
      {
        'GET /api/user-games': { body: [game] },
        [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) },
        [`POST /api/user-games/${game.id}/walk-ins`]: {
          status: 409,
          body: {
            code: 'game_full',
            message: 'O jogo está lotado: não há vaga para mais ninguém. Aumente as vagas ou remova alguém antes.',
          },
        },
      },
      'Vôlei lotado',
    );
    await user.type(await within(dialog()).findByLabelText('Adicionar avulso ou +1 (só o nome)'), 'Zé');
    await user.click(within(dialog()).getByRole('button', { name: 'Adicionar à lista' }));
    expect(await within(dialog()).findByText(/O jogo está lotado/)).toBeInTheDocument();
  });

  it('removes a player only after a confirmation that says the money comes back in full', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta' });
    const carla = aRegistration({ userName: 'Carla Souza', paidAmount: 15, paymentType: 'credit' });
    const { api, user, dialog } = await openRegistrations(
      {
        'GET /api/user-games': { body: [game] },
        [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, [carla]) },
        [`DELETE /api/user-games/${game.id}/players/${carla.userId}`]: {
          body: {
            message: 'Jogador removido e avisado. R$ 15,00 voltaram aos créditos dele.',
            refund: 'credits',
            refundedAmount: 15,
            game,
          },
        },
      },
      'Vôlei de Quinta',
    );
    await user.click(await within(dialog()).findByRole('button', { name: 'Remover Carla Souza' }));
    const question = screen.getByRole('alertdialog', { name: 'Remover Carla Souza do jogo?' });
    expect(question).toHaveTextContent('Os R$ 15,00 pagos com créditos voltam inteiros para os créditos de Carla Souza, na hora.');

    await user.click(within(question).getByRole('button', { name: 'Voltar' }));
    expect(api.callsTo('DELETE', `/api/user-games/${game.id}/players/${carla.userId}`)).toHaveLength(0);

    await user.click(await within(dialog()).findByRole('button', { name: 'Remover Carla Souza' }));
    await user.click(screen.getByRole('button', { name: 'Remover e reembolsar' }));
    expect(await screen.findByText('Jogador removido e avisado. R$ 15,00 voltaram aos créditos dele.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/user-games/${game.id}/players/${carla.userId}`)).toHaveLength(1);
  });

  it('an administrator adds a "+1" from the game-day screen of someone else’s game', async () => {
    const game = aUserGame({ name: 'Vôlei de outra pessoa' });
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/notifications/unread-count': { body: { count: 0 } },
      [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, [aRegistration({ userName: 'Carla Souza' })]) },
      [`POST /api/user-games/${game.id}/walk-ins`]: {
        status: 201,
        body: {
          message: 'Zé da Quadra foi adicionado(a) à lista.',
          walkIns: [{ id: 3, name: 'Zé da Quadra', createdAt: game.dateTime, present: null, level: null }],
          game,
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}/dia-do-jogo`, { token: 'jwt-bia' });
    await findPageHeading('Dia do jogo');
    await user.type(await screen.findByLabelText('Adicionar avulso ou +1 (só o nome)'), 'Zé da Quadra');
    await user.click(screen.getByRole('button', { name: 'Adicionar à lista' }));
    expect(await screen.findByText('Zé da Quadra foi adicionado(a) à lista.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user-games/${game.id}/walk-ins`).map((call) => call.body)).toEqual([{ name: 'Zé da Quadra' }]);
  });

  it('"Compartilhar" opens the phone’s share sheet, or offers the link and WhatsApp without one', async () => {
    const open = aUserGame({ name: 'Vôlei aberto', price: 0, location: 'Praia Mole' });
    const hidden = aUserGame({ name: 'Vôlei do grupo', visibility: 'private', privateLink: 'segredo-123' });
    const api = fakeApi({ ...signedIn, 'GET /api/user-games': { body: [open, hidden] } });
    const user = userEvent.setup();
    renderApp('/my-games', { token: 'jwt-ana' });
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
    await screen.findByRole('heading', { name: 'Vôlei aberto' });

    await user.click(within(card('Vôlei aberto')).getByRole('button', { name: 'Compartilhar' }));
    expect(within(card('Vôlei aberto')).getByLabelText('Link do jogo')).toHaveValue(`${window.location.origin}/apply/${open.id}`);
    const whatsApp = within(card('Vôlei aberto')).getByRole('link', { name: /Enviar no WhatsApp/ });
    const text = decodeURIComponent(whatsApp.getAttribute('href')!.replace('https://wa.me/?text=', ''));
    expect(text).toContain('Vôlei aberto');
    expect(text).toContain('Praia Mole · Gratuito\n3 vagas livres');
    expect(text).toContain(`/apply/${open.id}`);

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(within(card('Vôlei do grupo')).getByRole('button', { name: 'Compartilhar' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Vôlei do grupo', url: `${window.location.origin}/games/private/segredo-123` }),
    );
    expect(within(card('Vôlei do grupo')).queryByLabelText('Link do jogo')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
