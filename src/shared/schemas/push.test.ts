import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE, P256DH_MESSAGE, pushSubscriptionBodySchema } from './push';

const bytes = (count: number, first = 4) => Buffer.concat([Buffer.from([first]), Buffer.alloc(count - 1, 7)]).toString('base64url');
const subscription = (keys: { p256dh?: string; auth?: string } = {}) => ({
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: bytes(65), auth: bytes(16, 9), ...keys },
});

describe('a push subscription', () => {
  it('takes the browser’s PushSubscription JSON, keys in base64url with or without padding', () => {
    expect(pushSubscriptionBodySchema.safeParse(subscription()).success).toBe(true);
    expect(pushSubscriptionBodySchema.safeParse(subscription({ p256dh: `${bytes(65)}=`, auth: `${bytes(16, 9)}==` })).success).toBe(true);
  });

  it.each([
    ['a 64-byte public key', { p256dh: bytes(64) }, P256DH_MESSAGE],
    ['a 66-byte public key', { p256dh: bytes(66) }, P256DH_MESSAGE],
    ['a compressed point', { p256dh: bytes(65, 2) }, P256DH_MESSAGE],
    ['a public key that is not base64url', { p256dh: `${bytes(65).slice(0, -1)}+` }, P256DH_MESSAGE],
    ['a 15-byte auth secret', { auth: bytes(15) }, AUTH_MESSAGE],
    ['a 17-byte auth secret', { auth: bytes(17) }, AUTH_MESSAGE],
  ])('refuses %s with a pt-BR message', (_what, keys, message) => {
    const result = pushSubscriptionBodySchema.safeParse(subscription(keys));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('refuses an endpoint that is not an http(s) URL, or too long', () => {
    expect(pushSubscriptionBodySchema.safeParse({ ...subscription(), endpoint: 'file:///etc/passwd' }).success).toBe(false);
    expect(
      pushSubscriptionBodySchema.safeParse({ ...subscription(), endpoint: `https://push.example.com/${'a'.repeat(2048)}` }).success,
    ).toBe(false);
  });
});
