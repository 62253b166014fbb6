import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// public/sw.js is plain script, served as it is: run here with a stand-in for the worker's global scope.
const source = fs.readFileSync(path.resolve(__dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://borajogar.com.br';

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; focus: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => undefined) },
  };
  const fetch = vi.fn(async () => new Response('da rede'));
  new Function('self', 'caches', 'fetch', 'Request', 'Response', source)(self, {}, fetch, Request, Response);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { self, dispatch, fetch };
}

const pushOf = (payload: unknown) => ({
  data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload), text: () => String(payload) },
});

describe('the service worker: notifications', () => {
  it('shows a push as its notification, one per tag, opening its page of this site', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushOf({ title: 'Abriu uma vaga para você', body: 'Pague até 19:00.', url: '/apply/42', tag: 'notification-7' }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('Abriu uma vaga para você', {
      body: 'Pague até 19:00.',
      tag: 'notification-7',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: `${ORIGIN}/apply/42` },
    });
  });

  it('never opens another site from a push, and shows something for a payload it cannot read', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', pushOf({ title: 'Oi', body: 'x', url: 'https://evil.example/phish', tag: 't' }));
    await dispatch('push', { data: { json: () => JSON.parse('{'), text: () => 'texto solto' } });
    const calls = self.registration.showNotification.mock.calls as unknown as [string, { data: { url: string }; body: string }][];
    expect(calls[0]![1].data.url).toBe(`${ORIGIN}/notifications`);
    expect(calls[1]![0]).toBe('Bora Jogar');
    expect(calls[1]![1].body).toBe('texto solto');
  });

  it('a touch focuses the window already on the page, or brings an open window there, or opens one', async () => {
    const onPage = { url: `${ORIGIN}/apply/42`, focus: vi.fn(async () => undefined) };
    const first = loadWorker([onPage]);
    const close = vi.fn();
    await first.dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/apply/42` } } });
    expect(close).toHaveBeenCalled();
    expect(onPage.focus).toHaveBeenCalled();

    const elsewhere = { url: `${ORIGIN}/games`, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
    const second = loadWorker([elsewhere]);
    await second.dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/apply/42` } } });
    expect(elsewhere.navigate).toHaveBeenCalledWith(`${ORIGIN}/apply/42`);

    const none = loadWorker([]);
    await none.dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/apply/42` } } });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/apply/42`);
  });
});

describe('the service worker: navigations', () => {
  /** A navigation the browser already sent as the navigation preload: what the worker answers it with. */
  async function navigate(url: string, preloaded: Response | undefined) {
    const worker = loadWorker();
    let answer: Promise<Response> | undefined;
    await worker.dispatch('fetch', {
      request: { url, mode: 'navigate', method: 'GET' },
      preloadResponse: Promise.resolve(preloaded),
      respondWith: (response: Promise<Response>) => (answer = response),
    });
    return { answer: await answer, fetch: worker.fetch };
  }

  it('answers with the request already sent, /api ones too, so a one-time link (Mercado Pago’s return) arrives once', async () => {
    for (const url of [`${ORIGIN}/api/payment-accounts/mercadopago/callback?code=TG-1&state=abc`, `${ORIGIN}/my-games`]) {
      const preloaded = new Response('do preload');
      const { answer, fetch } = await navigate(url, preloaded);
      expect(answer).toBe(preloaded);
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('without a preload it asks the network once; another site’s navigations are left alone', async () => {
    const { answer, fetch } = await navigate(`${ORIGIN}/api/unsubscribe/abc`, undefined);
    expect(await answer!.text()).toBe('da rede');
    expect(fetch).toHaveBeenCalledTimes(1);
    const elsewhere = await navigate('https://auth.mercadopago.com/authorization', undefined);
    expect(elsewhere.answer).toBeUndefined();
  });
});
