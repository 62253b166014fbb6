import type { PushPublicKeyReply } from '../../../shared/schemas/push';
import { resolveVapidKeys } from '../../integrations/push/vapid-keys';
import type { ServerContext } from '../context';

/** The VAPID public key browsers subscribe with (`applicationServerKey`); the same on every instance. */
export async function getPushPublicKey(ctx: Pick<ServerContext, 'db' | 'config'>): Promise<PushPublicKeyReply> {
  const { publicKey } = await resolveVapidKeys(ctx.db, ctx.config.push.vapid);
  return { publicKey };
}
