import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, fixedClock, systemClock } from '../lib/clock';
import { fillTemplate, registerWebApp } from './web-app';

const template = [
  '<!doctype html><html><head><title>Bora Jogar</title></head><body>',
  '<div id="root"><!--app-html:start--><p>Carregando...</p><!--/loader--><!--app-html:end--></div>',
  '<script type="module" src="/assets/index.js"></script></body></html>',
].join('');

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * A built web app in a temporary folder: index.html, one asset and, unless `renderer` is null,
 * dist/ssr/entry-server.js with the given module source.
 */
async function appWith(
  renderer: string | null,
  cache: { cacheMs: number; clock: Clock } = { cacheMs: 0, clock: systemClock },
): Promise<FastifyInstance> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bora-web-'));
  fs.mkdirSync(path.join(dist, 'web/assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'web/index.html'), template);
  fs.writeFileSync(path.join(dist, 'web/assets/index.js'), 'console.log(1)');
  if (renderer !== null) {
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'ssr/entry-server.js'), renderer);
  }
  const app = Fastify({ logger: false });
  apps.push(app);
  app.get('/api/games', async () => [{ name: 'Vôlei </script><script>alert(1)</script>' }]);
  app.post('/api/games', async () => ({ created: true }));
  await registerWebApp(app, path.join(dist, 'web'), { ...cache, publicUrl: 'https://bora.test' });
  await app.ready();
  return app;
}

/** Renders the path and the games the API returns, like the real renderer does through the transport. */
const echoRenderer = `
export async function render(url, transport) {
  const { pathname } = new URL(url);
  if (pathname === '/games') return null;
  const games = await (await transport('/api/games', {})).json();
  return {
    html: '<main><h1>' + pathname + '</h1></main>',
    state: JSON.stringify({ games }),
    title: pathname === '/login' ? 'Entrar · Bora Jogar' : 'Bora Jogar',
    hydrate: pathname === '/reset-password' ? 'eager' : 'interaction',
  };
}`;

/** Renders the address it is given and counts its renders. */
const countingRenderer = `
let renders = 0;
export async function render(url) {
  renders += 1;
  const { pathname, search } = new URL(url);
  return { html: '<p>' + pathname + search + ' render ' + renders + '</p>', state: '{}', title: 'Bora Jogar', hydrate: 'interaction' };
}`;

/** An app with the counting renderer and its page cache on (1 s on a clock the test moves). */
async function countingApp() {
  const clock = fixedClock(new Date('2026-11-20T12:00:00Z'));
  const app = await appWith(countingRenderer, { cacheMs: 1000, clock });
  return { clock, body: async (url: string) => (await app.inject({ method: 'GET', url })).body };
}

const pageUrl = new URL('https://bora.test/apply/7');

describe('fillTemplate', () => {
  it('puts the markup, the hydration mode, the title and the state where the loader was', () => {
    const html = fillTemplate(
      template,
      { html: '<h1>Oi</h1>', state: '{"a":"</script>"}', title: 'Entrar · <Bora>', hydrate: 'interaction', share: null },
      pageUrl,
    );
    expect(html).toContain('<div id="root" data-ssr="interaction"><h1>Oi</h1></div>');
    expect(html).toContain('<title>Entrar · &lt;Bora></title>');
    expect(html).toContain('<script type="application/json" id="ssr-state">{"a":"\\u003c/script>"}</script>');
    expect(html).not.toContain('Carregando...');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('returns null for a template without the markers', () => {
    expect(fillTemplate('<div id="root"></div>', { html: '', state: '{}', title: '', hydrate: 'eager', share: null }, pageUrl)).toBeNull();
  });

  it('adds Open Graph and Twitter tags, escaped and with absolute addresses, for a page with a link preview', () => {
    const share = { title: 'Vôlei "da" <quinta>', description: 'Sábado, 28/11 às 19:00 · Ginásio & Cia · R$ 20,00 · 3 vagas' };
    const html = fillTemplate(template, { html: '', state: '{}', title: 'Vôlei', hydrate: 'interaction', share }, pageUrl)!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Vôlei &quot;da&quot; &lt;quinta>">');
    expect(head).toContain('<meta property="og:description" content="Sábado, 28/11 às 19:00 · Ginásio &amp; Cia · R$ 20,00 · 3 vagas">');
    expect(head).toContain('<meta property="og:url" content="https://bora.test/apply/7">');
    expect(head).toContain('<meta property="og:image" content="https://bora.test/icons/icon-512.png">');
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    expect(fillTemplate(template, { html: '', state: '{}', title: 'Vôlei', hydrate: 'interaction', share: null }, pageUrl)).not.toContain(
      'og:',
    );
  });
});

describe('web pages', () => {
  it('serves / and client routes rendered, with the data the API gave and no way out of the script', async () => {
    const app = await appWith(echoRenderer);
    for (const url of ['/', '/login', '/public-games?stateId=24']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<h1>${url.split('?')[0]}</h1>`);
      // The game name from the API is in the state, but its </script> cannot close the tag.
      expect(res.body).toContain('Vôlei \\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
      expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    }
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toContain('<title>Entrar · Bora Jogar</title>');
    expect((await app.inject({ method: 'GET', url: '/reset-password' })).body).toContain('data-ssr="eager"');
  });

  it('serves the plain app for paths the renderer declines, and HEAD like GET', async () => {
    const app = await appWith(echoRenderer);
    const res = await app.inject({ method: 'GET', url: '/games' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('falls back to the plain app when rendering fails, and keeps answering', async () => {
    const app = await appWith(`export async function render() { throw new Error('boom'); }`);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(template);
    expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
  });

  it('lets the renderer only read the API', async () => {
    const app = await appWith(`
export async function render(url, transport) {
  await transport('/api/games', { method: 'POST' });
  return { html: '<p>escreveu</p>', state: '{}', title: 'x', hydrate: 'eager' };
}`);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toBe(template);
  });

  it('serves a rendered page from memory for LISTING_CACHE_MS, then renders it again', async () => {
    const { clock, body } = await countingApp();
    expect(await body('/')).toContain('<p>/ render 1</p>');
    expect(await body('/')).toContain('<p>/ render 1</p>');
    expect(await body('/login')).toContain('<p>/login render 2</p>');
    clock.advance(2001);
    expect(await body('/')).toContain('<p>/ render 3</p>');
  });

  it('renders and keeps a games list under the filters it applies: junk, order and invalid values make no new page', async () => {
    const { body } = await countingApp();
    expect(await body('/public-games?date=2026-12-05&utm_source=zap&sportId=1')).toContain(
      '<p>/public-games?sportId=1&date=2026-12-05 render 1</p>',
    );
    expect(await body('/public-games?sportId=1&date=2026-12-05')).toContain('render 1</p>');
    expect(await body('/public-games?sportId=abc&date=2026-02-30')).toContain('<p>/public-games render 2</p>');
    expect(await body('/public-games')).toContain('<p>/public-games render 2</p>');
    // Other pages keep their whole address.
    expect(await body('/login?next=%2Fapply%2F7')).toContain('<p>/login?next=%2Fapply%2F7 render 3</p>');
  });

  it('keeps at most 100 filtered lists, apart from the other pages, so many filters never push those out', async () => {
    const { body } = await countingApp();
    expect(await body('/')).toContain('<p>/ render 1</p>');
    for (let city = 1; city <= 101; city += 1) await body(`/public-games?cityId=${city}`);
    expect(await body('/')).toContain('<p>/ render 1</p>');
    expect(await body('/public-games?cityId=101')).toContain('render 102</p>');
    // The oldest filtered list went.
    expect(await body('/public-games?cityId=1')).toContain('render 103</p>');
  });

  it('serves the plain app when there is no renderer', async () => {
    const app = await appWith(null);
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(template);
  });

  it('keeps JSON 404s for the API, missing assets and other methods, and serves assets as files', async () => {
    const app = await appWith(echoRenderer);
    for (const [method, url] of [
      ['GET', '/api/nada'],
      ['GET', '/assets/nada.js'],
      ['POST', '/login'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: expect.any(String) });
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
