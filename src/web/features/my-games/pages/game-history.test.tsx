import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GameHistoryReply } from '../../../../shared/schemas/game-history';
import { fakeApi } from '../../../test/fake-api';
import { aRegistration, aUserGame, aUserGameDetail, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const LIST = '🏐 Vôlei de quinta\n📅 quinta-feira, 03/12/2026 às 20:00\n\nConfirmados:\n1. Bia ✅\n2. Zé (avulso)\n';

function gameWithHistory(history: GameHistoryReply | { status: number; body: object }) {
  const game = aUserGame({ name: 'Vôlei de quinta' });
  const api = fakeApi({
    'GET /api/users/me': meReply(player),
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, [aRegistration({ userName: 'Bia' })]) },
    [`GET /api/user-games/${game.id}/list.txt`]: { body: LIST },
    [`GET /api/user-games/${game.id}/history`]: 'status' in history ? history : { body: history },
  });
  return { api, game };
}

describe('the game’s list and history on the organiser’s game screen', { timeout: 15_000 }, () => {
  it('copies the list as it is pasted in WhatsApp and says so; the history reads as sentences, newest first', async () => {
    const { game } = gameWithHistory({
      timeZone: 'America/Sao_Paulo',
      entries: [
        {
          at: '2026-11-20T15:30:00.000Z',
          actor: { id: 7, name: 'Ana Souza' },
          action: 'walk_in_added',
          details: { walkIn: 'Zé' },
        },
        {
          at: '2026-11-20T15:00:00.000Z',
          actor: { id: 7, name: 'Ana Souza' },
          action: 'edited',
          details: { changes: [{ field: 'time', from: '19:00', to: '20:00' }] },
        },
        {
          at: '2026-11-20T14:00:00.000Z',
          actor: null,
          action: 'player_promoted',
          details: { player: { id: 3, name: 'Bia' }, status: 'pending' },
        },
      ],
    });
    const user = userEvent.setup();
    // After userEvent's setup, which puts a clipboard of its own.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(`/my-games/${game.id}/dia-do-jogo`, { token: 'jwt-ana' });
    await findPageHeading('Dia do jogo');

    const copy = await screen.findByRole('button', { name: 'Copiar lista' });
    await waitFor(() => expect(copy).toBeEnabled());
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(LIST);
    expect(await screen.findByText('Lista copiada')).toBeInTheDocument();

    const history = within(await screen.findByRole('list', { name: 'Histórico do jogo' }));
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ana Souza adicionou o avulso Zé20/11/2026 às 12:30',
      'Ana Souza mudou o horário de 19:00 para 20:0020/11/2026 às 12:00',
      'Bia saiu da lista de espera: vaga reservada até o pagamento20/11/2026 às 11:00',
    ]);
  });

  it('says when nothing happened yet', async () => {
    const { game } = gameWithHistory({ timeZone: 'America/Sao_Paulo', entries: [] });
    renderApp(`/my-games/${game.id}/dia-do-jogo`, { token: 'jwt-ana' });
    expect(await screen.findByText('Nada registrado ainda.')).toBeInTheDocument();
  });

  it('an error reading the history is said on the screen, the rest of it still works', async () => {
    // A refusal is not retried: the error shows at once.
    const { game } = gameWithHistory({ status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } });
    renderApp(`/my-games/${game.id}/dia-do-jogo`, { token: 'jwt-ana' });
    expect(await screen.findByText('Erro ao carregar o histórico')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copiar lista' })).toBeInTheDocument();
  });
});
