import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { createPublicKey } from 'node:crypto';
import { P256DH_MESSAGE, type PushSubscriptionBody } from '../../../shared/schemas/push';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { checkPushEndpoint } from '../../integrations/push/endpoint-safety';
import { AppError } from '../../lib/app-error';
import type { AuthUser, ServerContext } from '../context';

/** Devices one account keeps: a new one past these replaces the oldest. */
export const MAX_DEVICES = 10;

/** Whether `p256dh` (65 bytes, base64url, already checked) is a point of the P-256 curve, as RFC 8291 needs. */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Turns push on for the caller's device (the browser's PushSubscription). The endpoint must be an https URL whose name
 * resolves to public addresses only (checked again at each push). An endpoint is one browser: already known, it moves
 * to the caller with its new keys, and what was still queued for its previous account is dropped. An account keeps
 * its MAX_DEVICES newest devices.
 */
export async function subscribePush(ctx: ServerContext, user: AuthUser, body: PushSubscriptionBody): Promise<{ message: string }> {
  const { endpoint, keys } = body;
  if (!isP256Point(keys.p256dh)) throw new AppError('validation_failed', P256DH_MESSAGE, { 'keys.p256dh': P256DH_MESSAGE });
  // The name's lookup is bounded (HOST_LOOKUP_TIMEOUT_MS): a name that does not resolve in time is a 400 like one that does not resolve.
  const check = await checkPushEndpoint(endpoint, { allowLoopback: ctx.config.push.allowLoopback, resolve: ctx.resolveHost });
  if (!check.ok) throw new AppError('push_endpoint_refused', check.message, { endpoint: check.message });
  await ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, user.id)))
      .for('update');
    if (known) await tx.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, known.id));
    await tx
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.id, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), notInArray(pushSubscriptions.id, kept)));
  });
  return { message: 'Notificações ativadas neste aparelho.' };
}
