import { eq, sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationKind, notificationKinds } from '../../../shared/schemas/notification-settings';
import type { Queryable } from '../../db/open-database';
import { appSettings } from '../../db/schema';

/** How long the unsubscribe link of an e-mail works after it was written. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
/** The `app_settings` key the unsubscribe links' key is kept under. */
export const UNSUBSCRIBE_SECRET_SETTING = 'unsubscribe_secret';

/**
 * The key unsubscribe links are signed with: generated the first time and kept in the database, so every instance
 * signs and checks alike. Its own key, not the sessions': a link proves only that its e-mail was received, and is
 * written inside the transaction that queues the e-mail, where no more than the database is at hand. The server
 * creates it at start; written only when missing, so the first e-mails of a new database, queued at once, do not
 * each wait for the transaction that created it (207 ms in the bench).
 */
export async function unsubscribeSecret(q: Queryable): Promise<string> {
  const read = async () =>
    (await q.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, UNSUBSCRIBE_SECRET_SETTING)))[0]?.value;
  const kept = await read();
  if (kept !== undefined) return kept;
  await q
    .insert(appSettings)
    .values({ key: UNSUBSCRIBE_SECRET_SETTING, value: sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')` })
    .onConflictDoNothing();
  return (await read())!;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest().subarray(0, 16);

/** `userId.kind.expiry.signature`: which account turns which kind of e-mail off, until when, signed. URL-safe. */
export function signUnsubscribeToken(secret: string, input: { userId: number; kind: NotificationKind; expiresAt: Date }): string {
  const payload = `${input.userId}.${input.kind}.${Math.floor(input.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

export type UnsubscribeTokenCheck = { ok: true; userId: number; kind: NotificationKind } | { ok: false; reason: 'invalid' | 'expired' };

/** What a token says, if it is one this server signed and it has not expired at `now`. */
export function readUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeTokenCheck {
  const match = /^(\d{1,10})\.([a-z]+)\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, user, kind, expiry, given] = match;
  const expected = signature(secret, `${user}.${kind}.${expiry}`);
  const received = Buffer.from(given!, 'base64url');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return { ok: false, reason: 'invalid' };
  if (!(notificationKinds as readonly string[]).includes(kind!)) return { ok: false, reason: 'invalid' };
  if (Number.parseInt(expiry!, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: Number(user), kind: kind as NotificationKind };
}

/** The one-click link of an e-mail (RFC 8058): a GET shows a confirmation page, a POST turns the kind off. */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/api/unsubscribe/${token}`;
