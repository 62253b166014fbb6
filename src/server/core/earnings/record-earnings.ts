import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/open-database';

/**
 * The organiser's share of a place just confirmed and paid through the platform (credits, card or PIX), in the
 * caller's transaction: the database function `record_sale` (db/definitions, also called by fast_apply) writes it
 * for a non-administrator's game, the fee at `feePercent` rounded half up to the centavo, once per registration.
 */
export async function recordSale(tx: Tx, registrationId: number, feePercent: number, now: Date): Promise<void> {
  await tx.execute(sql`select record_sale(${registrationId}, ${feePercent}, ${now.toISOString()}::timestamptz)`);
}

/** A place given back to its player (credits, or a card/PIX refund promised): its sale's share taken back, once. */
export async function recordRefund(tx: Tx, registrationId: number, now: Date): Promise<void> {
  await takeBackEarning(tx, 'refund', registrationId, now);
}

/** A refund request the administrator rejected: the share taken back when it was asked for returns, once. */
export async function recordRefundReversed(tx: Tx, registrationId: number, now: Date): Promise<void> {
  await takeBackEarning(tx, 'refund_reversed', registrationId, now);
}

/** The database function `take_back_earning` (db/definitions): the row before `kind` taken back, once. */
async function takeBackEarning(tx: Tx, kind: 'refund' | 'refund_reversed', registrationId: number, now: Date): Promise<void> {
  await tx.execute(sql`select take_back_earning(${kind}, ${registrationId}, ${now.toISOString()}::timestamptz)`);
}
