// Web Push in the journeys. Chromium's PushManager subscribes through Google's push service, out of reach here: the
// page gets a stand-in whose subscription is one of the e2e server's fake push service (a real P-256 key pair and auth
// secret, which the service keeps to check the VAPID signature and decrypt each push). Everything else is the real
// thing: the permission (granted to the context), the service worker, the app's calls and the server's delivery.
import { type BrowserContext, expect } from '@playwright/test';
import { E2E_CONTROL_PORT } from './ports';

export type FakeSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
export type ReceivedPush = { message: { title: string; body: string; url: string; tag: string }; urgency?: string };

const control = (path: string, method = 'POST') => fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}${path}`, { method });

/** A new subscription on the fake push service, as a browser would get from its own. */
export async function fakePushSubscription(): Promise<FakeSubscription> {
  const res = await control('/push-subscriptions');
  expect(res.status).toBe(201);
  return (await res.json()) as FakeSubscription;
}

/** What the fake push service received (and decrypted) for this subscription. */
export async function pushesTo(subscription: FakeSubscription): Promise<ReceivedPush[]> {
  const res = await control(`/pushes?subscription=${subscription.id}`, 'GET');
  return (await res.json()) as ReceivedPush[];
}

/** Delivers the pushes due (at night, as the end of the quiet hours will). */
export async function deliverPushes(): Promise<void> {
  expect((await control('/pushes/deliver')).status).toBe(201);
}

/**
 * Lets pages of `context` show notifications and gives them `subscription` in place of the browser's own push service:
 * PushManager's subscribe and getSubscription answer with it (kept for the tab across reloads), unsubscribe forgets it.
 */
export async function usePushSubscription(context: BrowserContext, subscription: FakeSubscription): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript((fake: FakeSubscription) => {
    const KEY = 'e2e-push-subscription';
    const made = (applicationServerKey: number[]) => ({
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(applicationServerKey).buffer },
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array).buffer);
      sessionStorage.setItem(KEY, JSON.stringify([...bytes]));
      return made([...bytes]) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const kept = sessionStorage.getItem(KEY);
      return kept ? (made(JSON.parse(kept) as number[]) as unknown as PushSubscription) : null;
    };
  }, subscription);
}
