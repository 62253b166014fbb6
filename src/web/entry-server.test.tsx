// @vitest-environment node
// The server render runs in Node: no window, no document, no localStorage. A page that reaches for
// them while rendering would fall back to client rendering (`<!--$!-->` in the markup).
import { describe, expect, it } from 'vitest';
import type { SsrPage } from '../shared/ssr';
import { render } from './entry-server';
import { fakeApi } from './test/fake-api';
import { aGame, authConfig } from './test/fixtures';

const santaCatarina = { id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' };
const cities = [
  { id: 1, name: 'Florianópolis', stateId: 24, active: true },
  { id: 2, name: 'Joinville', stateId: 24, active: true },
];
const sports = [{ id: 1, name: 'Vôlei', active: true }];

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/games': { body: [aGame({ name: 'Vôlei na Lagoa' }), aGame({ name: 'Vôlei do Estreito' })] },
    'GET /api/games/states': { body: [santaCatarina] },
    'GET /api/games/cities': { body: cities },
    'GET /api/games/sports': { body: sports },
    ...authConfig,
    ...overrides,
  });
}

// The server hands the renderer its own API; here it is the stubbed fetch.
const transport = (url: string, init: RequestInit) => fetch(url, init);

async function renderPage(path: string): Promise<SsrPage> {
  const page = await render(`http://localhost${path}`, transport);
  if (!page) throw new Error(`${path} não foi renderizada`);
  expect(page.html).not.toContain('<!--$!-->');
  return page;
}

describe('server render of visitor pages', () => {
  it('renders the landing with the upcoming games and cities, and hands the browser the same data', async () => {
    const calls = api();
    const page = await renderPage('/');
    expect(page.html).toContain('Vôlei na Lagoa');
    expect(page.html).toContain('Vôlei do Estreito');
    expect(page.html).toContain('Joinville');
    expect(page.title).toBe('Bora Jogar');
    expect(page.hydrate).toBe('interaction');
    const state = JSON.parse(page.state) as { queries: { queryKey: unknown[]; state: { status: string } }[] };
    expect(state.queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['landing', 'upcoming-games'],
        ['landing', 'active-cities'],
      ]),
    );
    expect(state.queries.every((q) => q.state.status === 'success')).toBe(true);
    // Read as a visitor: no credentials, nothing but GETs.
    expect(calls.calls.every((call) => call.method === 'GET' && !('Authorization' in call.headers))).toBe(true);
  });

  it('renders the public list with its games and the options of its filters', async () => {
    api();
    const page = await renderPage('/public-games');
    expect(page.title).toBe('Jogos abertos · Bora Jogar');
    expect(page.html).toContain('Vôlei na Lagoa');
    expect(page.html).toContain('Vôlei do Estreito');
    expect(page.html).toContain('Santa Catarina (SC)');
    expect(page.hydrate).toBe('interaction');
  });

  it('renders a filtered address already filtered: only the matching games, the fields filled, the same query for the browser', async () => {
    const calls = api({
      'GET /api/games': (call) => {
        const query = new URLSearchParams(call.path.split('?')[1] ?? '');
        return {
          body:
            query.get('cityId') === '2' && query.get('location') === 'Lagoa'
              ? [aGame({ name: 'Vôlei na Lagoa' })]
              : [aGame({ name: 'Vôlei do Estreito' })],
        };
      },
    });
    const page = await renderPage('/public-games?stateId=24&cityId=2&location=Lagoa&sportId=abc');
    expect(page.html).toContain('Vôlei na Lagoa');
    expect(page.html).not.toContain('Vôlei do Estreito');
    // The invalid sport is left out, on the server as in the browser.
    expect(calls.callsTo('GET', '/api/games').map((call) => call.path)).toEqual(['/api/games?stateId=24&cityId=2&location=Lagoa']);
    expect(page.html).toMatch(/<option value="2" selected="">Joinville<\/option>/);
    expect(page.html).toMatch(/<input[^>]*value="Lagoa"/);
    expect(page.html).toContain('Filtros (3)');
    const keys = (JSON.parse(page.state) as { queries: { queryKey: unknown[] }[] }).queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['games', 'list', { stateId: 24, cityId: 2, location: 'Lagoa' }]);
  });

  it('renders a link that names a city alone with its state and city picked', async () => {
    api();
    const page = await renderPage('/public-games?cityId=2');
    expect(page.html).toMatch(/<option value="24" selected="">Santa Catarina \(SC\)<\/option>/);
    expect(page.html).toMatch(/<option value="2" selected="">Joinville<\/option>/);
  });

  it.each([
    ['/login', 'Entrar · Bora Jogar', 'Entrar no Bora Jogar'],
    ['/register', 'Criar conta · Bora Jogar', 'Criar conta'],
    ['/forgot', 'Recuperar senha · Bora Jogar', 'Esqueci a senha'],
    ['/terms', 'Termos de Uso · Bora Jogar', 'Termos de Uso'],
    ['/privacy', 'Política de Privacidade e Cookies · Bora Jogar', 'Política de Privacidade'],
    ['/support', 'Suporte · Bora Jogar', 'Suporte'],
  ])('renders %s whole, titled, to be hydrated on the first interaction', async (path, title, heading) => {
    api();
    const page = await renderPage(path);
    expect(page.title).toBe(title);
    expect(page.html).toContain(heading);
    expect(page.hydrate).toBe('interaction');
  });

  it('hydrates at once a page that works in effects: the reset form, and a login with Google', async () => {
    api();
    expect((await renderPage('/reset-password')).hydrate).toBe('eager');
    api({ 'GET /api/auth/config': { body: { googleClientId: 'cliente.apps.googleusercontent.com', googleAllowedOrigins: [] } } });
    expect((await renderPage('/login')).hydrate).toBe('eager');
  });

  it('leaves a failed query to the browser: its loading state is rendered and it is not in the state', async () => {
    api({ 'GET /api/games': { status: 500, body: { code: 'internal_error', message: 'Erro interno' } } });
    const page = await renderPage('/');
    expect(page.html).not.toContain('Vôlei na Lagoa');
    const keys = (JSON.parse(page.state) as { queries: { queryKey: unknown[] }[] }).queries.map((q) => q.queryKey);
    expect(keys).not.toContainEqual(['landing', 'upcoming-games']);
    expect(keys).toContainEqual(['landing', 'active-cities']);
  });

  it('gives a game page and a private link the same link preview: name, date and time in the game’s zone, place, price', async () => {
    const free = aGame({ id: 41, name: 'Vôlei grátis', price: 0, dateTime: '2026-12-05T22:00:00.000Z', location: 'Praia Mole' });
    const paid = aGame({
      id: 42,
      name: 'Vôlei do grupo',
      visibility: 'private',
      privateLink: 'link-do-grupo',
      price: 15,
      dateTime: '2026-12-05T22:00:00.000Z',
      location: 'Ginásio',
    });
    api({ 'GET /api/games/41': { body: free }, 'GET /api/games/private/link-do-grupo': { body: paid } });
    const open = await renderPage('/apply/41');
    expect(open.share).toEqual({ title: 'Vôlei grátis', description: expect.stringMatching(/às 19:00 · Praia Mole.* · Gratuito · /) });
    const shared = await renderPage('/games/private/link-do-grupo');
    expect(shared.share).toEqual({ title: 'Vôlei do grupo', description: expect.stringMatching(/às 19:00 · Ginásio.* · R\$\s15,00 · /) });
    // A visitor reads the counts only: no names in the page.
    expect(shared.html).toContain('Quem vai');
    expect(shared.html).toContain('Entre na sua conta para ver os nomes de quem vai.');
  });

  it('declines paths of no page, which the browser sends to /', async () => {
    api();
    expect(await render('http://localhost/nada-aqui', transport)).toBeNull();
  });

  it("renders the games list at the player's address, and the sign-in form at a signed-in page's, to be hydrated on the first interaction", async () => {
    api();
    const list = await renderPage('/games');
    expect(list.title).toBe('Jogos abertos · Bora Jogar');
    expect(list.hydrate).toBe('interaction');
    for (const path of ['/my-games', '/profile', '/confirmation/7', '/admin/users']) {
      const page = await renderPage(path);
      expect(page.title, path).toBe('Entrar · Bora Jogar');
      expect(page.html, path).toContain('Entre na sua conta para ver esta página.');
      expect(page.hydrate, path).toBe('interaction');
    }
  });
});
