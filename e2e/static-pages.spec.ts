import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from './support/people';

const HEADLINE = 'Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo';

function footerLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name, exact: true });
}

test('a visitor reads the landing, then the support, terms and privacy pages from the footer and comes back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  const hero = page.getByRole('region', { name: HEADLINE });
  await expect(hero.getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute('href', '/register');
  await expect(hero.getByRole('link', { name: 'Ver jogos abertos' })).toHaveAttribute('href', '/public-games');

  // The demo data has public games ahead and active cities: both sections come from the real API.
  const upcoming = page.getByRole('region', { name: 'Próximos jogos' });
  await expect(upcoming.getByRole('listitem').first()).toContainText('R$');
  expect(await upcoming.getByRole('listitem').count()).toBeLessThanOrEqual(3);
  await expect(page.getByRole('list', { name: 'Onde tem jogo' }).getByRole('listitem').first()).toBeVisible();

  await footerLink(page, 'Suporte').click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'contato@borajogar.com.br' })).toBeVisible();

  await footerLink(page, 'Termos').click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();

  await footerLink(page, 'Privacidade').click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade e Cookies' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();

  await page.getByRole('link', { name: 'Voltar para o início' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
});

test('a signed-in player opens the support page without being sent home', async ({ page, request }) => {
  const player = await registerPlayer(request, 'Jogadora do Suporte');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(player.email);
  await page.getByLabel('Senha').fill(player.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();

  await footerLink(page, 'Suporte').click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();

  // A full load (a link from WhatsApp, a reload) resolves the session first and still stays.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
});

test('the web app manifest and its icons are served', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('json');
  const manifest = (await response.json()) as {
    name: string;
    lang: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Bora Jogar', lang: 'pt-BR', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);

  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('without a connection, a navigation shows the offline page instead of the browser error', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  // The worker installs after the page load and takes control of the page once active. Polled without waiting on
  // `navigator.serviceWorker.ready`, which never settles when the worker fails to install: a failure then shows the
  // registration's state instead of a bare timeout.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
          return { worker: worker?.state ?? 'no registration', controlled: navigator.serviceWorker.controller !== null };
        }),
      { timeout: 20_000 },
    )
    .toEqual({ worker: 'activated', controlled: true });

  await context.setOffline(true);
  try {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Você está offline' })).toBeVisible();
    await expect(page).toHaveURL(/\/support$/);
  } finally {
    await context.setOffline(false);
  }

  // Back online, the same address loads the real page.
  await page.getByRole('link', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
});
