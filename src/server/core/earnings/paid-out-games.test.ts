import { describe, expect, it } from 'vitest';
import type { GameEarning } from '../../../shared/schemas/earnings';
import { withPayoutsApplied } from './paid-out-games';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
const game = (gameId: number, netCents: number, availableOn: number, status: GameEarning['status'] = 'available') => ({
  gameId,
  netCents,
  availableAt: day(availableOn),
  status,
});
const statuses = (games: ReturnType<typeof withPayoutsApplied>) =>
  games.map((g) => [g.gameId, g.status, g.paidOutAt?.toISOString() ?? null]);

describe('which games the paid payouts covered', () => {
  it('pays the games whose money became available first, dated by the payout that reached their last centavo', () => {
    // Listed latest first, as the statement lists them.
    const games = [game(3, 1000, 5), game(2, 2000, 3), game(1, 1500, 1)];
    const result = withPayoutsApplied(games, [
      { amountCents: 2000, paidAt: day(4) },
      { amountCents: 1500, paidAt: day(6) },
    ]);
    expect(statuses(result)).toEqual([
      [3, 'available', null],
      [2, 'paid_out', day(6).toISOString()],
      [1, 'paid_out', day(4).toISOString()],
    ]);
  });

  it('leaves a game partly covered available, and pending, cancelled and empty games as they are', () => {
    const games = [game(4, 900, 9, 'pending'), game(3, 0, 3), game(2, 1000, 2), game(1, 500, 1, 'cancelled')];
    const result = withPayoutsApplied(games, [{ amountCents: 999, paidAt: day(5) }]);
    expect(statuses(result)).toEqual([
      [4, 'pending', null],
      [3, 'available', null],
      [2, 'available', null],
      [1, 'cancelled', null],
    ]);
  });

  it('with no payout paid, nothing is paid out', () => {
    expect(statuses(withPayoutsApplied([game(1, 100, 1)], []))).toEqual([[1, 'available', null]]);
  });
});
