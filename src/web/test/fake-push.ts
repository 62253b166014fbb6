import { afterEach, vi } from 'vitest';

/** A browser's push keys as `PushSubscription.toJSON()` gives them: a P-256 point (65 bytes) and 16 bytes. */
export const FAKE_PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
export const FAKE_PUSH_ENDPOINT = 'https://push.exemplo.com.br/assinatura/1';

/**
 * What jsdom lacks for Web Push: `Notification` (its permission, asked with `requestPermission`), `PushManager` and a
 * service worker registration whose pushManager subscribes. `permission` is where the page starts; `answer` is what the
 * person says when asked; `subscribed` whether this browser already holds a subscription.
 */
export function fakePushBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {},
) {
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  const subscription = {
    endpoint: FAKE_PUSH_ENDPOINT,
    options: { applicationServerKey: null as ArrayBuffer | null, userVisibleOnly: true },
    toJSON: () => ({ endpoint: FAKE_PUSH_ENDPOINT, expirationTime: null, keys: FAKE_PUSH_KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (subscribeOptions: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      subscription.options.applicationServerKey = subscribeOptions.applicationServerKey.slice().buffer;
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { notification, pushManager, subscription };
}

afterEach(() => {
  if ('serviceWorker' in navigator) Reflect.deleteProperty(navigator, 'serviceWorker');
});
