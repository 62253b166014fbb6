import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import type { GameRegistration, WalkIn } from '../../../../shared/schemas/user-games';
import { fakeApi, type RecordedCall } from '../../../test/fake-api';
import { aRegistration, aUserGame, aUserGameDetail, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A game starting in an hour (presence is open) with three confirmed players, one pending, and a walk-in; the fake
 * server keeps the marks.
 */
function courtSide(startsInMs = HOUR_MS) {
  const game = aUserGame({ name: 'Vôlei de quinta', dateTime: new Date(Date.now() + startsInMs).toISOString() });
  const players: GameRegistration[] = [
    aRegistration({ userName: 'Ana', noShows: 2 }),
    aRegistration({ userName: 'Bia' }),
    aRegistration({ userName: 'Caio' }),
    aRegistration({ userName: 'Davi', status: 'pending' }),
  ];
  const walkIn: WalkIn = { id: 31, name: 'Zé da Praia', createdAt: new Date().toISOString(), present: null, level: null };
  const api = fakeApi({
    'GET /api/users/me': meReply(player),
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    [`GET /api/user-games/${game.id}`]: () => ({ body: aUserGameDetail(game, players, [], [walkIn]) }),
    [`PUT /api/user-games/${game.id}/walk-ins/${walkIn.id}`]: (call: RecordedCall) => {
      Object.assign(walkIn, call.body);
      return { body: { message: messages.gameDay.playerUpdated, walkIn } };
    },
    ...Object.fromEntries(
      players.map((p) => [
        `PUT /api/user-games/${game.id}/players/${p.userId}`,
        (call: RecordedCall) => {
          Object.assign(p, call.body);
          return {
            body: {
              message: messages.gameDay.playerUpdated,
              player: { userId: p.userId, present: p.present, level: p.level, noShows: p.noShows },
            },
          };
        },
      ]),
    ),
    [`POST /api/user-games/${game.id}/teams`]: (call: RecordedCall) => {
      const teamCount = (call.body as { teamCount: number }).teamCount;
      if (teamCount > 3)
        return { status: 409, body: { code: 'not_enough_players', message: messages.gameDay.notEnoughPlayers(3, teamCount) } };
      return {
        body: {
          teams: [
            {
              name: 'Time 1',
              players: [
                { id: players[0]!.userId, name: 'Ana', level: 5, walkIn: false },
                { id: walkIn.id, name: 'Zé da Praia', level: null, walkIn: true },
              ],
            },
            {
              name: 'Time 2',
              players: [
                { id: players[1]!.userId, name: 'Bia', level: 3, walkIn: false },
                { id: players[2]!.userId, name: 'Caio', level: 2, walkIn: false },
              ],
            },
          ],
          shareText: 'Times sorteados: Vôlei de quinta\n\nTime 1\n- Ana\n- Zé da Praia\n\nTime 2\n- Bia\n- Caio',
        },
      };
    },
  });
  return { api, game, players, walkIn };
}

async function openGameDay(gameId: number) {
  renderApp(`/my-games/${gameId}/dia-do-jogo`, { token: 'jwt-ana' });
  await findPageHeading('Dia do jogo');
  await screen.findByRole('group', { name: 'Presença de Ana' });
}

describe('game day page', { timeout: 15_000 }, () => {
  it('lists the confirmed players with their no-shows, marks presence with large buttons and sets the level', async () => {
    const { api, game, players } = courtSide();
    const user = userEvent.setup();
    await openGameDay(game.id);
    expect(screen.queryByText('Davi')).not.toBeInTheDocument();
    expect(screen.getByText('2 faltas')).toBeInTheDocument();

    const ana = within(screen.getByRole('group', { name: 'Presença de Ana' }));
    await user.click(ana.getByRole('button', { name: 'Veio' }));
    await waitFor(() => expect(ana.getByRole('button', { name: 'Veio' })).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('PUT', `/api/user-games/${game.id}/players/${players[0]!.userId}`)[0]!.body).toEqual({ present: true });
    expect(screen.getByText(/1 presente · 0 faltas · 3 sem marcar/)).toBeInTheDocument();

    // Tapping again unmarks (a wrong tap).
    await user.click(ana.getByRole('button', { name: 'Veio' }));
    await waitFor(() => expect(ana.getByRole('button', { name: 'Veio' })).toHaveAttribute('aria-pressed', 'false'));
    expect(api.callsTo('PUT', `/api/user-games/${game.id}/players/${players[0]!.userId}`)[1]!.body).toEqual({ present: null });

    await user.selectOptions(screen.getByLabelText('Nível de Bia'), '4');
    await waitFor(() => expect(screen.getByLabelText('Nível de Bia')).toHaveValue('4'));
    expect(api.callsTo('PUT', `/api/user-games/${game.id}/players/${players[1]!.userId}`)[0]!.body).toEqual({ level: 4 });
  });

  it('lists the walk-ins beside the players: marked present and given a level like anyone else', async () => {
    const { api, game, walkIn } = courtSide();
    const user = userEvent.setup();
    await openGameDay(game.id);
    const row = screen.getByRole('group', { name: 'Presença de Zé da Praia' }).closest('li')!;
    expect(within(row).getByText('avulso')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Veio' }));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Veio' })).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('PUT', `/api/user-games/${game.id}/walk-ins/${walkIn.id}`)[0]!.body).toEqual({ present: true });
    expect(screen.getByText(/1 presente · 0 faltas · 3 sem marcar/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Nível de Zé da Praia'), '2');
    await waitFor(() => expect(screen.getByLabelText('Nível de Zé da Praia')).toHaveValue('2'));
    expect(api.callsTo('PUT', `/api/user-games/${game.id}/walk-ins/${walkIn.id}`)[1]!.body).toEqual({ level: 2 });
  });

  it('draws the teams, shows them with copy and WhatsApp, and shows the server’s message when there are too few players', async () => {
    const { game } = courtSide();
    const user = userEvent.setup();
    await openGameDay(game.id);

    await user.selectOptions(screen.getByLabelText('Número de times'), '4');
    await user.click(screen.getByRole('button', { name: 'Sortear times' }));
    expect(await screen.findByText(messages.gameDay.notEnoughPlayers(3, 4))).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Times sorteados' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Número de times'), '2');
    await user.click(screen.getByRole('button', { name: 'Sortear times' }));
    const teams = await screen.findByRole('list', { name: 'Times sorteados' });
    // Ana's 5 and the unrated walk-in's 3.
    expect(within(teams).getByRole('heading', { name: /Time 1/ })).toHaveTextContent('Nível 8');
    expect(within(teams).getByText('Caio')).toBeInTheDocument();
    expect(within(teams).getByText('Zé da Praia').closest('li')).toHaveTextContent('Zé da Praia (avulso)');
    const whatsapp = screen.getByRole('link', { name: /Enviar no WhatsApp/ });
    const sent = decodeURIComponent(whatsapp.getAttribute('href')!.replace('https://wa.me/?text=', ''));
    expect(sent).toContain('Time 2\n- Bia\n- Caio');
    expect(sent).not.toContain('nível');
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
  });

  it('before the 2-hour window the presence buttons are off and say when they open; the level still works', async () => {
    const { game } = courtSide(5 * HOUR_MS);
    await openGameDay(game.id);
    expect(screen.getByText(/a partir de 2 horas antes do jogo/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Presença de Ana' })).getByRole('button', { name: 'Veio' })).toBeDisabled();
    expect(screen.getByLabelText('Nível de Ana')).toBeEnabled();
  });
});
