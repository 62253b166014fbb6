import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from './support/people';

// Visitor pages come rendered by the server and are hydrated on the first interaction
// (docs/decisions/013): complete without JavaScript, no app code run at load, nothing the user
// does before the app takes over is lost, and a signed-in browser never sees the visitor's page.

/** Requests for the app's own chunks (the entry aside), to tell whether the app has started. */
function appChunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/app-')) urls.push(url.pathname);
  });
  return urls;
}

/** Errors the page reports, hydration mismatches included. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Slows every script so the page sits between "rendered" and "taken over" long enough to act in. */
async function slowScripts(page: Page, delayMs: number): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing, the public list, the login page and the privacy periods are complete', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Bora Jogar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Seu jogo de vôlei');
    await expect(page.getByRole('link', { name: 'Ver jogos abertos' }).first()).toBeVisible();

    await page.goto('/public-games');
    await expect(page).toHaveTitle('Jogos abertos · Bora Jogar');
    await expect(page.getByText('Vôlei de Quinta no Estreito')).toBeVisible();
    await expect(page.getByLabel('Estado')).toContainText('Santa Catarina (SC)');

    await page.goto('/login');
    await expect(page).toHaveTitle('Entrar · Bora Jogar');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('Senha')).toBeVisible();

    // The privacy policy states the periods the server is configured with, in the page the server sends.
    await page.goto('/privacy');
    await expect(page.getByText('são apagadas 365 dias depois de criadas')).toBeVisible();
  });
});

test('a visitor page runs no app code until someone uses it, then hydrates without errors', async ({ page }) => {
  const chunks = appChunkRequests(page);
  const errors = pageErrors(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(chunks).toEqual([]);
  await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'interaction');

  await page.getByRole('button', { name: 'Alternar tema' }).hover();
  await expect.poll(() => chunks.length).toBeGreaterThan(0);
  // Hydrated: the app's own navigation now runs in the page (no new document).
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Jogar' }).click();
  await expect(page).toHaveURL(/\/public-games$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos abertos' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(errors).toEqual([]);
});

test('every visitor page hydrates to the same markup the server sent', async ({ page }) => {
  const errors = pageErrors(page);
  for (const path of ['/', '/public-games', '/login', '/register', '/forgot', '/reset-password', '/terms', '/privacy', '/support']) {
    await page.goto(path);
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', /.+/);
    // The toggle answers only once the app has taken over the page (a click before is held and replayed).
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Alternar tema' }).click();
    await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*dark)/ : /dark/);
    expect(errors, path).toEqual([]);
  }
});

test('a click before the app has taken over is replayed, not lost', async ({ page }) => {
  await slowScripts(page, 600);
  await page.goto('/');
  await page.getByRole('button', { name: 'Alternar tema' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Alternar tema' })).toHaveAttribute('title', 'Usar tema claro');
});

test('a login typed and sent before the app has taken over signs in, and the password never reaches the URL', async ({ page, request }) => {
  const player = await registerPlayer(request, 'Jogadora Apressada');
  const errors = pageErrors(page);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await slowScripts(page, 800);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(player.email);
  await page.getByLabel('Senha').fill(player.password);
  await page.getByLabel('Senha').press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá');
  expect(navigations.some((url) => url.includes(player.password) || url.includes('password'))).toBe(false);
  expect(errors).toEqual([]);
});

test('a filter picked before the app has taken over applies', async ({ page }) => {
  await slowScripts(page, 600);
  await page.goto('/public-games');
  await page.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  // The city list of the chosen state loads once the app has the choice.
  await page.getByLabel('Cidade').selectOption({ label: 'Joinville' });
  await expect(page.getByLabel('Estado')).toHaveValue('24');
});

test('a signed-in browser never shows the visitor page the server rendered', async ({ page, request }) => {
  const player = await registerPlayer(request, 'Jogador Conectado');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(player.email);
  await page.getByLabel('Senha').fill(player.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá');

  // Hold the app's scripts: until they run, only the server's HTML is there (and the page never
  // reaches DOMContentLoaded, which waits for module scripts).
  await page.route('**/assets/*.js', () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'interaction');
  await expect(page.locator('#root')).toBeHidden();
  // The app's frame stands in: a header with the name, not a blank page.
  await expect(page.locator('#app-frame').getByText('Bora Jogar')).toBeVisible();
  await page.unroute('**/assets/*.js');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá');
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.locator('#app-frame')).toBeHidden();
});

test('when React itself does not load, the page says so and its reload button works', async ({ page }) => {
  await page.route('**/assets/boot-*.js', (route) => route.abort());
  await page.goto('/');
  await page.getByRole('button', { name: 'Alternar tema' }).hover();
  await expect(page.getByRole('alert')).toContainText('Não conseguimos abrir o Bora Jogar');
  await page.unroute('**/assets/boot-*.js');
  await page.getByRole('button', { name: 'Recarregar a página' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Seu jogo de vôlei');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
