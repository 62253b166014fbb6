import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createGame, parseBRL, signIn } from './support/games';
import { createAdmin, registerPlayer, unique, type Account } from './support/people';

// Issue 39: money that left stays left. A played game is paid out to its organiser; from then on the organiser cannot
// cancel it, and only the administrator can give the players their money back, after a question, leaving the organiser
// owing the platform what was already paid out. The e2e server takes a 10% fee and makes earnings available as soon as
// a game starts (PAYOUT_HOLD_HOURS=0), and it moves no clock: the game starts a few seconds after the journey makes it,
// long enough for the players to pay and for the organiser to open the cancel dialog before the whistle.
const SECONDS_TO_START = 30;
/** A whole page loaded in a new tab: on a busy two-core CI machine this took 10 s once, the default wait. */
const PAGE_LOAD = { timeout: 30_000 };

/** A PIX end-to-end id no other run of any journey uses (they are unique on the server, in any letter case). */
function endToEndId(): string {
  return `E12345678202611281200${randomBytes(6).toString('hex').slice(0, 11).toUpperCase()}`;
}

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function credits(request: APIRequestContext, account: Account): Promise<number> {
  return ((await (await request.get('/api/users/me', { headers: auth(account) })).json()) as { credits: number }).credits;
}

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** `36` → `R$ 36,00`, as the screens write it. */
const brl = (reais: number) => currency.format(reais).replace(/\s/g, ' ');

test('a game paid out to its organiser cannot be cancelled by them; the admin gives the money back only when confirming, and the organiser then owes it', async ({
  page,
  browser,
  request,
}) => {
  // Half a minute of it is waiting for the whistle; other suites share the cores under `npm test`.
  test.setTimeout(180_000);
  const name = unique('Vôlei do Apito');
  const organiser = await registerPlayer(request, 'Olga Apito');
  const admin = await createAdmin(request, 'Admin do Apito');
  const ana = await registerPlayer(request, 'Ana Pagante', { credits: 20 });
  const beto = await registerPlayer(request, 'Beto Pagante', { credits: 20 });
  const savedKey = await request.put('/api/users/me/payout-key', {
    headers: auth(organiser),
    data: { type: 'cpf', key: '529.982.247-25', holderName: 'Olga Apito' },
  });
  expect(savedKey.ok()).toBe(true);

  // ── Before the whistle: two players pay R$ 20,00 each with credits; the organiser opens the cancel dialog ──
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  const gameId = await createGame({ name, hoursAhead: SECONDS_TO_START / 3600, priceCents: 2000, organiserEmail: organiser.email });
  for (const player of [ana, beto]) {
    const applied = await request.post(`/api/games/${gameId}/apply`, { headers: auth(player), data: { paymentType: 'credit' } });
    expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');
    expect(await credits(request, player)).toBe(0);
  }
  await page.goto('/my-games');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('2 de 10 vagas ocupadas · 8 livres', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Cancelar ${name}`, exact: true }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancelar jogo?' });
  await cancelDialog.getByLabel('Motivo do cancelamento').fill('Ninguém apareceu');

  // ── Meanwhile the administrator signs in; the dashboard adds up every organiser's debt, so note it now ──
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password, adminPage.getByRole('heading', { level: 1, name: 'Painel' }));
  const owedCounter = adminPage.locator('dt', { hasText: 'Organizadores devem' }).locator('xpath=following-sibling::dd[1]');
  const owedBefore = parseBRL((await owedCounter.textContent()) ?? '');

  // ── The game starts: 2 × R$ 20,00 less 10% is the organiser's to ask for ──
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/user-games/earnings', { headers: auth(organiser) })).json()) as { available: number }).available,
      { timeout: (SECONDS_TO_START + 30) * 1000 },
    )
    .toBe(36);

  // ── In another tab, the organiser asks for the payout on Recebimentos ──
  const earnings = await page.context().newPage();
  await earnings.goto('/my-games/earnings');
  await expect(earnings.getByRole('heading', { level: 1, name: 'Recebimentos' })).toBeVisible(PAGE_LOAD);
  await expect(earnings.getByText('Modo de teste — nenhum dinheiro real. Nada aqui é repassado de verdade.')).toBeVisible();
  await expect(earnings.getByTestId('earnings-available')).toHaveText(brl(36));
  await expect(earnings.getByTestId('earnings-owed')).toHaveCount(0);
  await earnings.getByRole('button', { name: 'Solicitar repasse' }).click();
  // Asked first, with the amount.
  await earnings
    .getByRole('dialog', { name: `Solicitar repasse de ${brl(36)}?` })
    .getByRole('button', { name: `Solicitar ${brl(36)}` })
    .click();
  await expect(earnings.getByText(`Repasse de ${brl(36)} solicitado.`, { exact: false }).first()).toBeVisible();

  // ── The administrator sees the balance now covers the request, and pays it by PIX ──
  await adminPage.goto('/admin/payouts');
  await expect(
    adminPage.getByText(/^Modo de teste — nenhum dinheiro real\. Os pedidos vêm de pagamentos do ambiente de teste/),
  ).toBeVisible(PAGE_LOAD);
  const payoutRow = adminPage.getByRole('row').filter({ hasText: organiser.email });
  await expect(payoutRow).toContainText(brl(36));
  await expect(payoutRow.getByTestId('payout-balance-now')).toHaveText(brl(36));
  await payoutRow.getByRole('button', { name: 'Marcar como pago o repasse de Olga Apito' }).click();
  const paidDialog = adminPage.getByRole('dialog', { name: 'Marcar repasse como pago' });
  await expect(paidDialog.getByRole('alert')).toHaveCount(0);
  await paidDialog.getByLabel('Identificador da transação PIX (E2E ID)').fill(endToEndId());
  await paidDialog.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(adminPage.getByText(`Repasse de ${brl(36)} registrado como pago.`)).toBeVisible();

  // ── The organiser, in the tab left open since before the game, sends the cancel: refused, nobody refunded ──
  await page.bringToFront();
  await cancelDialog.getByRole('button', { name: 'Cancelar jogo' }).click();
  await expect(
    page.getByText(
      'Este jogo já começou: não dá mais para cancelar nem devolver o dinheiro dos jogadores por aqui. Se o jogo não aconteceu (quadra fechada, chuva), fale com a administração.',
    ),
  ).toBeVisible();
  await expect(cancelDialog).toBeHidden();
  await expect(card.getByText('Em andamento', { exact: true })).toBeVisible(PAGE_LOAD);
  await expect(card.getByRole('button', { name: `Cancelar ${name}`, exact: true })).toHaveCount(0);
  expect(await credits(request, ana)).toBe(0);
  expect(await credits(request, beto)).toBe(0);
  // Opened afresh, the game being played is still among the active ones, and offers no cancel at all.
  await page.goto('/my-games?filter=active');
  await expect(card.getByText('Em andamento', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Cancelar ${name}`, exact: true })).toHaveCount(0);

  // ── The administrator removes a paid player: asked first, with what the organiser will owe ──
  await adminPage.goto(`/admin/games/${gameId}`);
  await adminPage.getByRole('button', { name: `Remover ${beto.name}` }).click();
  const removeDialog = adminPage.getByRole('dialog', { name: 'Remover jogador' });
  await removeDialog.getByRole('button', { name: 'Remover jogador' }).click();
  await expect(removeDialog).toContainText(
    `Este jogo já começou. Confirmando, ${brl(20)} voltam a este jogador e ${brl(18)} saem dos recebimentos de Olga Apito, que ficará devendo ${brl(18)} à plataforma. Só confirme se há um bom motivo.`,
  );
  expect(await credits(request, beto)).toBe(0);
  await removeDialog.getByRole('button', { name: 'Confirmar e devolver' }).click();
  await expect(adminPage.getByText(`${beto.name}: Jogador removido com sucesso.`)).toBeVisible();
  await expect(adminPage.getByText(`${brl(20)} devolvidos aos créditos do jogador.`)).toBeVisible();
  await expect(removeDialog).toBeHidden();
  expect(await credits(request, beto)).toBe(20);

  // ── The administrator deletes the game from the list: asked first, then every player gets their money back ──
  await adminPage.goto(`/admin/games?search=${encodeURIComponent(name)}`);
  await adminPage.getByRole('button', { name: `Excluir ${name}` }).click();
  const deleteDialog = adminPage.getByRole('dialog', { name: 'Excluir jogo' });
  await deleteDialog.getByRole('button', { name: 'Excluir jogo' }).click();
  await expect(deleteDialog).toContainText(
    `Este jogo já começou. Confirmando, ${brl(20)} voltam aos jogadores e ${brl(18)} saem dos recebimentos de Olga Apito, que ficará devendo ${brl(36)} à plataforma. Só confirme se o jogo não aconteceu.`,
  );
  expect(await credits(request, ana)).toBe(0);
  await deleteDialog.getByRole('button', { name: 'Confirmar e devolver' }).click();
  await expect(adminPage.getByText(`${name}: Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.`)).toBeVisible();
  await expect(adminPage.getByText(`${brl(20)} devolvidos em créditos`, { exact: false })).toBeVisible();
  await expect(deleteDialog).toBeHidden();
  expect(await credits(request, ana)).toBe(20);

  // ── The organiser's Recebimentos: what was paid out is now owed, with the game and why; no payout meanwhile ──
  await earnings.bringToFront();
  await earnings.reload();
  await expect(earnings.getByTestId('earnings-owed')).toHaveText(brl(36));
  await expect(earnings.getByTestId('earnings-available')).toHaveText(brl(0));
  await expect(earnings.getByTestId('earnings-paid-out')).toHaveText(brl(36));
  const takeBack = earnings.getByTestId('take-back').filter({ hasText: name });
  await expect(takeBack).toContainText(`− ${brl(36)}`);
  await expect(takeBack).toContainText(
    'Jogo cancelado pela administração depois de começar: Excluído pelo administrador. Os jogadores receberam o valor de volta.',
  );
  await expect(earnings.getByText(`Você tem ${brl(36)} a devolver à plataforma`, { exact: false })).toBeVisible();
  await expect(earnings.getByRole('button', { name: 'Solicitar repasse' })).toBeDisabled();

  // ── The administrator's dashboard counts the debt apart ──
  await adminPage.goto('/admin');
  await expect(owedCounter).toHaveText(brl(owedBefore + 36), PAGE_LOAD);

  await adminContext.close();
});
