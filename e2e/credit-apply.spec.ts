import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createGame, headerBalance, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

const brl = (reais: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais).replace(/\s/g, ' ');

test('before paying with credits the player sees the amount, the balance after and the refund rule; inside 48 hours they confirm first', async ({
  page,
  request,
}) => {
  const early = unique('Vôlei com reembolso');
  const late = unique('Vôlei sem reembolso');
  const player = await registerPlayer(request, 'Jogadora com Créditos', { credits: 100 });
  const earlyId = await createGame({ name: early, hoursAhead: 72, priceCents: 1200, totalSlots: 10 });
  const lateId = await createGame({ name: late, hoursAhead: 20, priceCents: 900, totalSlots: 10 });

  await page.goto('/login');
  await signIn(page, player.email, player.password);
  const balance = await headerBalance(page);

  // Three days ahead: the rule promises the credits back until 48 hours before; one click pays.
  await page.goto(`/apply/${earlyId}`);
  await expect(page.getByRole('heading', { level: 1, name: early })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pagar com créditos' });
  await expect(pay).toHaveAccessibleDescription(new RegExp(`^Valor R\\$ 12,00 Saldo depois ${brl(balance - 12).replace('$', '\\$')} `));
  await expect(pay).toHaveAccessibleDescription(
    / Se você precisar cancelar Cancelando até .+ \(48 horas antes do jogo\), o valor volta: em créditos, na hora; .+ Depois disso, sem reembolso\. /,
  );
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBeCloseTo(balance - 12, 2);

  // Twenty hours ahead: no refund, said on the panel and asked in a dialog before anything is charged.
  await page.goto(`/apply/${lateId}`);
  await expect(page.getByRole('heading', { level: 1, name: late })).toBeVisible();
  await expect(page.getByText('Sem reembolso se você cancelar')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar com créditos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
  await expect(dialog).toContainText(
    `Faltam menos de 48 horas para ${late}: se você cancelar depois, os R$ 9,00 não voltam para os seus créditos.`,
  );
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  expect(await headerBalance(page)).toBeCloseTo(balance - 12, 2);

  await page.getByRole('button', { name: 'Pagar com créditos' }).click();
  await page
    .getByRole('dialog', { name: 'Pagar sem direito a reembolso?' })
    .getByRole('button', { name: 'Pagar R$ 9,00 com créditos' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBeCloseTo(balance - 21, 2);
});
