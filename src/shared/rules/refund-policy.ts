/** Spec (players §9): cancelling at least 48 hours before the game is refunded; later, not. */
export const REFUND_WINDOW_HOURS = 48;

export function isRefundable(gameStart: Date, now: Date): boolean {
  return gameStart.getTime() - now.getTime() >= REFUND_WINDOW_HOURS * 60 * 60 * 1000;
}

/**
 * A refund the Terms promise, which the admin area may process but never refuse: the player cancelled
 * at least 48 hours before the game, or the game was cancelled, or the platform removed the player.
 */
export function isRefundGuaranteed(input: {
  gameStart: Date;
  gameCancelled: boolean;
  removedByPlatform: boolean;
  cancelledAt: Date | null;
}): boolean {
  if (input.gameCancelled || input.removedByPlatform) return true;
  return input.cancelledAt !== null && isRefundable(input.gameStart, input.cancelledAt);
}
