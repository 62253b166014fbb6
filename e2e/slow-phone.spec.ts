import { expect, test, type Page } from '@playwright/test';
import { createGame } from './support/games';
import { registerPlayer, unique } from './support/people';

// A phone on a slow connection (issue 42, item 7): Chromium's own network emulation at 400 kbit/s, 400 ms of latency,
// the 3G the issue measured. Every tap answers at once, every page paints its frame before its data, and a visitor's
// deep link stays where it was.

test.use({ viewport: { width: 390, height: 844 } });

/** Slows the page's network to 3G through the DevTools protocol (what Chromium's "Slow 3G" preset does). */
async function onSlow3g(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
}

/** Records, in the page, when the next tap lands and when the page first shows that it is answering it. */
async function timeNextTap(page: Page): Promise<void> {
  await page.evaluate(() => {
    const times: { tap?: number; answered?: number } = {};
    (window as unknown as { tapTimes: typeof times }).tapTimes = times;
    const answered = () => document.getElementById('held-tap') !== null || document.querySelector('[aria-busy="true"]') !== null;
    window.addEventListener(
      'click',
      () => {
        times.tap = performance.now();
        if (answered()) times.answered = times.tap;
        const observer = new MutationObserver(() => {
          if (!answered()) return;
          times.answered = performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      },
      { capture: true, once: true },
    );
  });
}

test('a shared game link on 3G: painted from the HTML, the first tap on "Criar conta" answered at once, the form follows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = unique('Vôlei do 3G');
  const gameId = await createGame({ name, hoursAhead: 72 });
  await onSlow3g(page);

  await page.goto(`/apply/${gameId}`, { waitUntil: 'commit' });
  // The server's HTML holds the game: readable long before the app's code arrives.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 5_000 });
  const createAccount = page.getByRole('link', { name: 'Criar conta' });
  await expect(createAccount).toBeVisible();

  await timeNextTap(page);
  await createAccount.click();
  // Answered within 100 ms: the link is busy and "Carregando..." shows while the app loads on this connection.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { tapTimes: { tap?: number; answered?: number } }).tapTimes))
    .toMatchObject({ tap: expect.any(Number), answered: expect.any(Number) });
  const { tap, answered } = await page.evaluate(() => (window as unknown as { tapTimes: { tap: number; answered: number } }).tapTimes);
  expect(answered - tap).toBeLessThan(100);
  await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
  await expect(createAccount).toHaveAttribute('aria-busy', 'true');

  // The tap is not lost: the sign-up form opens, bound to come back to the game.
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/apply/${gameId}`);
  await expect(page.locator('#held-tap')).toHaveCount(0);
});

test('a signed-in player opening a game cold on 3G sees the app frame at once, and the page before its data', async ({ page, request }) => {
  test.setTimeout(90_000);
  const player = await registerPlayer(request, 'Jogador no 3G');
  const name = unique('Vôlei Frio');
  const gameId = await createGame({ name, hoursAhead: 72 });
  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), player.token);

  // The game's data is held until the page has shown it is on its way.
  let releaseGame: () => void = () => {};
  const gameHeld = new Promise<void>((resolve) => (releaseGame = resolve));
  await page.route(`**/api/games/${gameId}`, async (route) => {
    await gameHeld;
    await route.continue();
  });
  await onSlow3g(page);

  await page.goto(`/apply/${gameId}`, { waitUntil: 'commit' });
  // Before any of the app's code: the frame from the HTML, never a blank page, and never the visitor's page.
  const frame = page.locator('#app-frame');
  await expect(frame.getByRole('banner')).toContainText('Bora Jogar', { timeout: 5_000 });
  await expect(frame.getByRole('status')).toHaveText('Carregando...');
  await expect(page.getByRole('link', { name: 'Criar conta' })).toBeHidden();

  // Then the app's own header and the page's skeleton, while the game is still on its way.
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Carregando jogo...' })).toBeVisible();
  await expect(frame).toBeHidden();
  releaseGame();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
});

test("a visitor's deep link stays where it was: /games is the list, a player's page asks to sign in right there", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const player = await registerPlayer(request, 'Jogadora do Link');
  await onSlow3g(page);

  await page.goto('/games', { waitUntil: 'commit' });
  // Rendered by the server with its games: the list, not "Carregando..." and then the landing page.
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos abertos' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Vôlei de Quinta no Estreito').first()).toBeVisible();
  await expect(page).toHaveURL(/\/games$/);

  await page.goto('/my-games?filter=published', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Bora Jogar' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Entre na sua conta para ver esta página.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-games\?filter=published$/);
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute(
    'href',
    `/register?next=${encodeURIComponent('/my-games?filter=published')}`,
  );

  await page.getByLabel('E-mail').fill(player.email);
  await page.getByLabel('Senha').fill(player.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus jogos' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/my-games\?filter=published$/);
});
