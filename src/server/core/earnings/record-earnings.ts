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
  await tx.execute(sql`select record_refund(${registrationId}, ${now.toISOString()}::timestamptz)`);
}

/** A refund request the administrator rejected: the share taken back when it was asked for returns, once. */
export async function recordRefundReversed(tx: Tx, registrationId: number, now: Date): Promise<void> {
  await tx.execute(sql`select record_refund_reversed(${registrationId}, ${now.toISOString()}::timestamptz)`);
}
