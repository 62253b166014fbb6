/* global self, caches, fetch, Request, Response */
// Bora Jogar's service worker: an offline page and the notifications (Web Push, decision 044). When a page navigation
// fails (no network), it answers with /offline.html. Nothing else is cached: API calls (/api) and assets always go to
// the network, so money and slots are never shown from a stale copy. A push carries {title, body, url, tag}
// (core/notifications/push-delivery.ts): shown as a notification, which opens (or focuses) its page when touched.
const CACHE = 'bora-jogar-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('bora-jogar-') && name !== CACHE).map((name) => caches.delete(name)));
      // Lets the browser start the page request while the worker boots, so navigations are not slowed down.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

// Every navigation of this site is answered here, /api ones too (a provider sending the browser back, an e-mail's
// link): the browser has already sent it as the navigation preload, and a navigation left to the browser is sent
// again, so a one-time link (Mercado Pago's return) would arrive twice. Only pages get the offline page.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');

  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(request);
      } catch {
        if (isApi) return Response.error();
        const cache = await caches.open(CACHE);
        return (await cache.match(OFFLINE_URL)) ?? Response.error();
      }
    })(),
  );
});

/** Only a path of this site opens from a notification. */
function pageOf(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/notifications', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
  } catch {
    return new URL('/notifications', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Bora Jogar';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      // One notification per event: a push delivered twice replaces itself.
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: pageOf(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      // A window of the app already open goes to the page, rather than opening another.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
