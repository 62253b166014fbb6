import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/open-database';
import { appSettings } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_KEYS_SETTING = 'vapid_keys';
const kept = new WeakMap<Db, Promise<VapidKeys>>();

async function readOrCreate(db: Db): Promise<VapidKeys> {
  await db
    .insert(appSettings)
    .values({ key: VAPID_KEYS_SETTING, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING));
  const { publicKey, privateKey } = JSON.parse(row!.value) as VapidKeys;
  return { publicKey, privateKey };
}

/**
 * The application server's VAPID pair: the configured one, or one generated the first time it is needed and kept in
 * the database, so every instance signs with the same key the browsers subscribed with (as the JWT secret is kept).
 * Read once per database.
 */
export function resolveVapidKeys(db: Db, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return Promise.resolve(configured);
  let keys = kept.get(db);
  if (!keys) {
    keys = readOrCreate(db);
    // A failed read (the database away) is tried again next time rather than kept.
    keys.catch(() => kept.delete(db));
    kept.set(db, keys);
  }
  return keys;
}
