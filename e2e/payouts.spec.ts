import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { createAdmin, registerPlayer, unique } from './support/people';

// The e2e server takes a 10% fee and makes earnings available as soon as a game starts (PAYOUT_HOLD_HOURS=0).
const REFERENCE = 'E1234567820261127120000000000042';

// On a phone, as the organiser lives with it.
test.use({ viewport: { width: 390, height: 844 } });

/** Today's date as the statement shows a payout's (São Paulo time). */
const today = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test('an organiser paid through the platform saves a PIX key, confirms the payout, and sees the game Repassado once the admin pays it', async ({
  page,
  browser,
  request,
}) => {
  const name = unique('Vôlei do Repasse');
  const organiser = await registerPlayer(request, 'Olga Repasse');
  const admin = await createAdmin(request, 'Admin dos Repasses');
  const player = await registerPlayer(request, 'Paulo Pagante', { credits: 20 });

  // ── A game of the organiser's, starting in a few seconds, paid by a player with credits ──
  const gameId = await createGame({ name, hoursAhead: 0.002, priceCents: 2000, organiserEmail: organiser.email });
  const applied = await request.post(`/api/games/${gameId}/apply`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { paymentType: 'credit' },
  });
  expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');

  // ── The organiser saves where the money goes: a wrong CPF first, then a right one, shown masked ──
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/profile');
  const keySection = page.getByRole('region', { name: 'Recebimentos' });
  await keySection.getByLabel('Chave PIX').fill('529.982.247-24');
  await keySection.getByLabel('Nome do titular').fill('Olga Repasse');
  await keySection.getByRole('button', { name: 'Salvar chave PIX' }).click();
  await expect(keySection.getByText(/CPF inválido/)).toBeVisible();
  await keySection.getByLabel('Chave PIX').fill('529.982.247-25');
  await keySection.getByRole('button', { name: 'Salvar chave PIX' }).click();
  await expect(keySection.getByTestId('payout-key-masked')).toHaveText('***.982.247-**');

  // ── Once the game started, R$ 20,00 less 10% is available ──
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/user-games/earnings', { headers: { authorization: `Bearer ${organiser.token}` } });
        return ((await res.json()) as { available: number }).available;
      },
      { timeout: 20_000 },
    )
    .toBe(18);
  // The organiser's home shows the game they organise, started: Em andamento, with only the places taken.
  await page.goto('/');
  const organised = page.getByRole('region', { name: 'Jogos que você organiza' });
  const homeCard = organised.getByRole('listitem').filter({ hasText: name });
  await expect(homeCard.getByText('Em andamento')).toBeVisible();
  await expect(homeCard.getByText('1 de 10 vagas ocupadas', { exact: true })).toBeVisible();

  await page.goto('/my-games');
  await page.getByRole('link', { name: 'Recebimentos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recebimentos' })).toBeVisible();
  await expect(page.getByTestId('earnings-available')).toHaveText('R$ 18,00');
  const game = page.getByTestId('earnings-game').filter({ hasText: name });
  await expect(game).toContainText('R$ 2,00');
  await expect(game).toContainText('Disponível');
  // The payout asks first, with the amount.
  await page.getByRole('button', { name: 'Solicitar repasse' }).click();
  const confirm = page.getByRole('dialog', { name: 'Solicitar repasse de R$ 18,00?' });
  await expect(confirm).toContainText('vão por PIX para a chave ***.982.247-** (Olga Repasse)');
  await confirm.getByRole('button', { name: 'Solicitar R$ 18,00' }).click();
  await expect(page.getByText('Repasse de R$ 18,00 solicitado.', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('payout').first()).toContainText('Solicitado');
  await expect(page.getByRole('button', { name: 'Solicitar repasse' })).toBeDisabled();

  // ── The administrator pays it by PIX and records the transfer's id ──
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password, adminPage.getByRole('heading', { level: 1, name: 'Painel' }));
  await adminPage.goto('/admin/payouts');
  const row = adminPage.getByRole('row').filter({ hasText: organiser.email });
  await expect(row).toContainText('R$ 18,00');
  await expect(row.getByTestId('payout-key')).toHaveText('52998224725');
  await row.getByRole('button', { name: 'Marcar como pago o repasse de Olga Repasse' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Marcar repasse como pago' });
  await dialog.getByLabel('Identificador da transação PIX (E2E ID)').fill(REFERENCE);
  await dialog.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(adminPage.getByText('Repasse de R$ 18,00 registrado como pago.')).toBeVisible();
  await adminContext.close();

  // ── The organiser sees it paid ──
  await page.reload();
  await expect(page.getByTestId('payout').first()).toContainText('Pago');
  await expect(page.getByTestId('payout').first()).toContainText(REFERENCE);
  await expect(page.getByTestId('earnings-paid-out')).toHaveText('R$ 18,00');
  await expect(page.getByTestId('earnings-available')).toHaveText('R$ 0,00');
  // The game's card no longer says Disponível beside a total of R$ 0,00: it was paid out, on this day.
  await expect(game.getByText(`Repassado em ${today()}`)).toBeVisible();
  await expect(game).not.toContainText('Disponível');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
