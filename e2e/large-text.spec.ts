import { expect, test, type Page } from '@playwright/test';
import { createGame } from './support/games';
import { createAdmin, registerPlayer, unique, type Account } from './support/people';

// 200 % text on a 390 px phone (issue 42, item 10): the header wraps and no page scrolls sideways.

test.use({ viewport: { width: 390, height: 844 } });

/** The phone's text size at 200 %: Chromium's own font-size setting (16 px → 32 px), what "large text" does to a page. */
async function withLargeText(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
}

async function signedInAs(page: Page, account: Account): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), account.token);
}

/** Opens each page, waits for its heading, and holds it to the phone's width. */
async function expectNoSidewaysScroll(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    const fontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(fontSize, path).toBe('32px');
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const scrolling = document.scrollingElement!;
      return { scrollWidth: scrolling.scrollWidth, clientWidth: scrolling.clientWidth };
    });
    expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  }
}

test('a visitor reads every page at 200 % text without scrolling sideways', async ({ page }) => {
  test.setTimeout(120_000);
  const gameId = await createGame({ name: unique('Vôlei das Letras Grandes'), hoursAhead: 48 });
  await withLargeText(page);
  await expectNoSidewaysScroll(page, [
    '/',
    '/public-games',
    `/apply/${gameId}`,
    '/login',
    '/register',
    '/forgot',
    '/terms',
    '/privacy',
    '/support',
  ]);
  // The header wraps instead of pushing its buttons off the screen.
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const control of [header.getByRole('button', { name: 'Alternar tema' }), header.getByRole('link', { name: 'Entrar' })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test('a player and organiser reads every page at 200 % text without scrolling sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  const organiser = await registerPlayer(request, 'Organizadora de Letra Grande', { credits: 50 });
  const gameId = await createGame({ name: unique('Vôlei de Letra Grande'), hoursAhead: 1, organiserEmail: organiser.email });
  await signedInAs(page, organiser);
  await withLargeText(page);
  await expectNoSidewaysScroll(page, [
    '/',
    '/games',
    `/apply/${gameId}`,
    '/notifications',
    '/profile',
    '/add-credit',
    '/invitations',
    '/my-games',
    '/my-games/new',
    `/my-games/${gameId}`,
    `/my-games/${gameId}/dia-do-jogo`,
    '/my-games/earnings',
  ]);
});

test('an administrator reads the panel at 200 % text without scrolling sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createAdmin(request, 'Admin de Letra Grande');
  await signedInAs(page, admin);
  await withLargeText(page);
  await expectNoSidewaysScroll(page, [
    '/admin',
    '/admin/users',
    `/admin/users/${admin.id}`,
    '/admin/games',
    '/admin/games/new',
    '/admin/cancellations',
    '/admin/payouts',
    '/admin/cities',
  ]);
});
