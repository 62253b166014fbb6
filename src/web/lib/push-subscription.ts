import { api } from './api-client';

/**
 * Web Push on this device (decision 044): whether the browser can, whether the person blocked it, and whether this
 * device is subscribed. `on` is this browser's own subscription, whatever the account's other devices.
 */
export type DevicePushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Whether this browser has what Web Push takes: a service worker, its PushManager and notifications. */
export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, registering /sw.js when no page did yet (the development server does not). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds, without registering anything: null when there is none. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function readDevicePushState(): Promise<DevicePushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Thrown when the person (or the browser) says no to notifications: nothing was subscribed. */
export class PushPermissionDenied extends Error {
  constructor() {
    super('Permissão negada');
    this.name = 'PushPermissionDenied';
  }
}

/**
 * How long turning push on may take once the person said yes: the browser's push service (Google's for Chromium,
 * Mozilla's, Apple's) sometimes never answers, and Chromium then waits some 45 s before failing.
 */
export const PUSH_SERVICE_TIMEOUT_MS = 10_000;

/** Thrown when the browser's push service did not answer in time: nothing was turned on. */
export class PushServiceTimeout extends Error {
  constructor() {
    super('O serviço de notificações não respondeu');
    this.name = 'PushServiceTimeout';
  }
}

/**
 * Turns push on here: asks the browser's permission (this must run from a click), subscribes through the service
 * worker's PushManager with the server's public key, and gives the subscription to the server. A subscription made
 * with another key (the server's changed) is replaced. Past `timeoutMs` after the permission it gives up
 * (PushServiceTimeout); a subscription the push service grants after that is dropped, so the device stays as said: off.
 */
export async function enableDevicePush(timeoutMs = PUSH_SERVICE_TIMEOUT_MS): Promise<DevicePushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  let hasGivenUp = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      hasGivenUp = true;
      reject(new PushServiceTimeout());
    }, timeoutMs);
  });
  const subscribing = subscribeHere(() => hasGivenUp);
  // Whatever it ends in after the wait was given up on is no longer anyone's concern.
  subscribing.catch(() => undefined);
  try {
    await Promise.race([subscribing, givenUp]);
  } finally {
    clearTimeout(timer);
  }
  return 'on';
}

async function subscribeHere(hasGivenUp: () => boolean): Promise<void> {
  const [registration, { publicKey }] = await Promise.all([
    workerRegistration(),
    api('GET /push/public-key', { fallbackMessage: 'Erro ao ativar as notificações' }),
  ]);
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const subscribedKey = subscription?.options.applicationServerKey;
  if (subscription && subscribedKey && !sameBytes(new Uint8Array(subscribedKey), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  if (hasGivenUp()) {
    await subscription.unsubscribe();
    return;
  }
  const json = subscription.toJSON();
  await api('POST /users/me/push-subscriptions', {
    body: { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
    fallbackMessage: 'Erro ao ativar as notificações',
  });
}

/** Turns push off here: the browser forgets its subscription and the server stops sending to it. */
export async function disableDevicePush(): Promise<DevicePushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    // The server first: should it fail, this device stays on at both ends, as the page still says.
    await api('DELETE /users/me/push-subscriptions', {
      body: { endpoint: subscription.endpoint },
      fallbackMessage: 'Erro ao desativar as notificações',
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
