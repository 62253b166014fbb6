import type { GameEarning } from '../../../shared/schemas/earnings';

type PaidPayout = { amountCents: number; paidAt: Date };
type GameLine = { status: GameEarning['status']; availableAt: Date; netCents: number; gameId: number };

/**
 * Which available games the paid payouts covered, and when (decision 045). A payout pays a balance, not a game: its
 * money goes to the games in the order their earnings became available, the oldest first, so a game reads "Repassado"
 * once the payouts paid so far reach the last centavo of its share, dated by the payout that did. A game partly
 * covered, or with nothing to pay, stays as it was.
 */
export function withPayoutsApplied<T extends GameLine>(games: T[], paid: PaidPayout[]): (T & { paidOutAt: Date | null })[] {
  const payouts = [...paid].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const inOrder = games
    .filter((game) => game.status === 'available' && game.netCents > 0)
    .sort((a, b) => a.availableAt.getTime() - b.availableAt.getTime() || a.gameId - b.gameId);
  const paidOutAt = new Map<T, Date>();
  let next = 0;
  let left = 0;
  for (const game of inOrder) {
    let owed = game.netCents;
    while (owed > 0) {
      if (left === 0) {
        const payout = payouts[next];
        if (!payout) break;
        left = payout.amountCents;
        next += 1;
      }
      const used = Math.min(owed, left);
      owed -= used;
      left -= used;
    }
    if (owed > 0) break;
    paidOutAt.set(game, payouts[next - 1]!.paidAt);
  }
  return games.map((game) => {
    const at = paidOutAt.get(game);
    return at ? { ...game, status: 'paid_out' as const, paidOutAt: at } : { ...game, paidOutAt: null };
  });
}
