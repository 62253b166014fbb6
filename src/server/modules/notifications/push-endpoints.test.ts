import { eq } from 'drizzle-orm';
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { pushSubscriptions } from '../../db/schema';

// Push endpoints on public addresses only (issue 39): an IPv6 literal must be global unicast, and one that carries an
// IPv4 address is judged by it. Without PUSH_ALLOW_LOOPBACK, as in production.
const t = setUpTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
const db = () => t.app.ctx.db;

/** A browser's keys: an uncompressed P-256 point and a 16-byte secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = (authorization: string, endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/push-subscriptions',
    headers: { authorization },
    payload: { endpoint, keys: deviceKeys() },
  });

describe('push endpoints given as IPv6 literals', () => {
  it.each([
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/push/x'],
    ['IPv4-compatible metadata service', 'https://[::169.254.169.254]/latest/meta-data'],
    ['IPv4-translated loopback', 'https://[::ffff:0:127.0.0.1]/push/x'],
    ['IPv4-translated private network', 'https://[::ffff:0:10.0.0.7]/push/x'],
    ['NAT64 of the metadata service', 'https://[64:ff9b::169.254.169.254]/push/x'],
    ['6to4 of a home network', 'https://[2002:c0a8:101::1]/push/x'],
    ['outside 2000::/3', 'https://[100::1]/push/x'],
    ['IPv6 documentation', 'https://[2001:db8::1]/push/x'],
  ])('refuses %s with 400 push_endpoint_refused naming the endpoint, storing nothing', async (_what, endpoint) => {
    const { user, headers } = await createSignedInUser(t.app);
    const res = await subscribe(headers.authorization, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'push_endpoint_refused',
      message: 'O endereço de envio leva a uma rede privada ou local.',
      fields: { endpoint: 'O endereço de envio leva a uma rede privada ou local.' },
    });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it.each([
    ['a global unicast address', 'https://[2606:4700::1111]/wpush/x'],
    ['a public IPv4 address mapped into IPv6', 'https://[::ffff:8.8.8.8]/wpush/x'],
  ])('accepts %s', async (_what, endpoint) => {
    const { user, headers } = await createSignedInUser(t.app);
    const res = await subscribe(headers.authorization, endpoint);
    expect(res.statusCode).toBe(201);
    const stored = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(stored).toEqual([{ endpoint }]);
  });
});
