import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { seriousViolationsInBothThemes } from './support/axe';
import { registerPlayer, unique } from './support/people';

// The e2e server's Mercado Pago is the fake one (e2e/support/server.ts): its authorisation page sends the browser back
// to the app with a code, as Mercado Pago's does.

// On a phone, as the organiser lives with it.
test.use({ viewport: { width: 390, height: 844 } });

test('an organiser opens Recebimentos, connects Mercado Pago through its authorisation page and reads Conectada; a second return with the same state is refused in Portuguese', async ({
  page,
  request,
}) => {
  const organiser = await registerPlayer(request, 'Olga Conecta');
  await createGame({ name: unique('Vôlei da Conta'), hoursAhead: 48, organiserEmail: organiser.email });

  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/my-games');
  await page.getByRole('link', { name: 'Recebimentos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recebimentos' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Receber direto na minha conta' });
  const mercadoPago = section.getByTestId('payment-account-mercadopago');
  await expect(mercadoPago.getByText('Não conectada')).toBeVisible();
  await mercadoPago.getByRole('button', { name: 'Conectar: Mercado Pago' }).click();

  // ── Mercado Pago's page: the organiser authorises the platform ──
  await expect(page.getByRole('heading', { name: 'Fake Mercado Pago' })).toBeVisible();
  const authorisationUrl = page.url();
  await page.getByRole('button', { name: 'Autorizar' }).click();

  // ── Back on Recebimentos: connected ──
  await expect(page.getByRole('heading', { level: 1, name: 'Recebimentos' })).toBeVisible();
  await expect(section.getByText('Conta do Mercado Pago conectada. Pronto para receber direto na sua conta.')).toBeVisible();
  await expect(mercadoPago.getByText('Conectada', { exact: true })).toBeVisible();
  await expect(mercadoPago.getByText(/autorização renovada sozinha/)).toBeVisible();
  await expect(page).toHaveURL(/\/my-games\/earnings$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);

  // ── The same authorisation page again (its state is spent): refused, and the account stays connected ──
  await page.goto(authorisationUrl);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expect(section.getByText(/Este pedido de conexão já foi usado/)).toBeVisible();
  await expect(mercadoPago.getByText('Conectada', { exact: true })).toBeVisible();
});
