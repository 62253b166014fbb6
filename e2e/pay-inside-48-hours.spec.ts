import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

// Issue 42, item 6: one refund story. Twenty hours before the game a PIX payment is warned exactly as credits are,
// the rule is on the page before any button, a checkout given up frees its place at once, and the cancel dialog
// afterwards says the same rule.
test('on the phone, 20 hours ahead: the rule before paying, the same question for PIX as for credits, a given-up checkout frees the place', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const name = unique('Vôlei de Amanhã no PIX');
  const gameId = await createGame({ name, hoursAhead: 20, priceCents: 1800, totalSlots: 2 });
  const player = await registerPlayer(request, 'Paula do PIX', { credits: 50 });
  const placesLeft = async () => ((await (await request.get(`/api/games/${gameId}`)).json()) as { remainingSlots: number }).remainingSlots;

  await page.goto('/login');
  await signIn(page, player.email, player.password);
  await page.goto(`/apply/${gameId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The rule stands above the buttons, the same for every way to pay, and each button is described by it.
  const rule = page.getByText(
    'Faltam menos de 48 horas para o jogo: se você cancelar, o valor não volta, pague com créditos, cartão ou PIX.',
  );
  await expect(rule).toBeVisible();
  await expect(page.getByText('Sem reembolso se você cancelar')).toBeVisible();
  const pix = page.getByRole('button', { name: 'Pagar com PIX' });
  const ruleBox = await rule.boundingBox();
  expect(ruleBox!.y).toBeLessThan((await pix.boundingBox())!.y);
  for (const button of ['Pagar com créditos', 'Pagar com cartão', 'Pagar com PIX']) {
    await expect(page.getByRole('button', { name: button })).toHaveAccessibleDescription(
      /o valor não volta, pague com créditos, cartão ou PIX/,
    );
  }

  // PIX asks first, as credits do; going back charges and holds nothing.
  await pix.click();
  const question = page.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
  await expect(question).toContainText(
    `Faltam menos de 48 horas para ${name}: se você cancelar depois, os R$ 18,00 pagos por PIX não são devolvidos.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Voltar' }).click();
  await expect(question).toBeHidden();
  expect(await placesLeft()).toBe(2);
  await page.getByRole('button', { name: 'Pagar com créditos' }).click();
  await expect(question).toContainText('os R$ 18,00 não voltam para os seus créditos.');
  await question.getByRole('button', { name: 'Voltar' }).click();

  // Said yes: the checkout holds the place; closing it with Cancelar frees it at once.
  await pix.click();
  await question.getByRole('button', { name: 'Pagar R$ 18,00 com PIX' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(page.getByTestId('method')).toHaveText('PIX');
  expect(await placesLeft()).toBe(1);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Pagamento cancelado: nada foi cobrado e a vaga que estava reservada para você foi liberada.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/apply/${gameId}$`));
  expect(await placesLeft()).toBe(2);

  // Paying for real this time.
  await page.getByRole('button', { name: 'Pagar com PIX' }).click();
  await page
    .getByRole('dialog', { name: 'Pagar sem direito a reembolso?' })
    .getByRole('button', { name: 'Pagar R$ 18,00 com PIX' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText(`Sua inscrição em ${name} está confirmada.`, { exact: true })).toBeVisible();

  // The cancel dialog tells the same story: nothing comes back now.
  await page.goto(`/apply/${gameId}`);
  await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancelar inscrição?' })).toContainText(
    'Sem reembolso: faltam menos de 48 horas para o jogo.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
