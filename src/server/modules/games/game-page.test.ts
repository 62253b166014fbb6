import { describe, expect, it } from 'vitest';
import { createGame } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';

const t = setUpTestApp();
const visit = (gameId: number) => t.app.inject({ method: 'GET', url: `/api/games/${gameId}` });

describe('GET /api/games/:id for a visitor', () => {
  it('a cancelled public game still opens, saying it was cancelled and why', async () => {
    const game = await createGame(t.app.ctx.db, { status: 'cancelled', cancelReason: 'Chuva forte no sábado' });
    const res = await visit(game.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: game.id, status: 'cancelled', cancelReason: 'Chuva forte no sábado' });
  });

  it('a cancelled private game, a draft and an unknown id stay "not found"', async () => {
    const hidden = [
      await createGame(t.app.ctx.db, { status: 'cancelled', visibility: 'private', cancelReason: 'Quadra fechada' }),
      await createGame(t.app.ctx.db, { status: 'cancelled', state: 'draft', cancelReason: 'Rascunho' }),
    ];
    for (const game of hidden) expect((await visit(game.id)).json().code).toBe('game_not_found');
    expect((await visit(999_999)).statusCode).toBe(404);
  });

  it('an open game carries no reason', async () => {
    const game = await createGame(t.app.ctx.db);
    expect((await visit(game.id)).json()).not.toHaveProperty('cancelReason');
  });
});
