/** Spec (players §9): cancelling at least 48 hours before the game is refunded; later, not. */
export const REFUND_WINDOW_HOURS = 48;

export function isRefundable(gameStart: Date, now: Date): boolean {
  return gameStart.getTime() - now.getTime() >= REFUND_WINDOW_HOURS * 60 * 60 * 1000;
}
