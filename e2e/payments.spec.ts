import { expect, test, type Page } from '@playwright/test';
import { createGame, headerBalance, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';
import { seriousViolations } from './support/axe';

// Sandbox mode (the e2e server has no payment accounts): every checkout is the app's own test page.

async function payOnSandbox(page: Page, amount: string, method: 'PIX' | 'Cartão') {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(page.getByText('Ambiente de teste — nenhum valor real é cobrado')).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(amount);
  await expect(page.getByTestId('method')).toHaveText(method);
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
}

test('a player tops up R$ 50 by PIX and by card through the sandbox, and sees the balance and the notifications', async ({
  page,
  request,
}) => {
  const player = await registerPlayer(request, 'Jogadora que Recarrega');
  await page.goto('/login');
  await signIn(page, player.email, player.password);
  const before = await headerBalance(page);

  for (const method of ['PIX', 'Cartão'] as const) {
    await page.getByRole('banner').getByRole('link', { name: '+ Créditos' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adicionar créditos' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /PIX/ })).toBeChecked();
    if (method === 'Cartão') await page.getByText('Cartão', { exact: true }).click();
    await page.getByLabel('Valor (R$)').fill('50');
    await page.getByRole('button', { name: `Pagar R$ 50,00 com ${method === 'PIX' ? 'PIX' : 'cartão'}` }).click();
    await payOnSandbox(page, 'R$ 50,00', method);
    await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible();
    await expect(page.getByText('R$ 50,00 foram adicionados aos seus créditos.', { exact: true })).toBeVisible();
  }

  await expect.poll(() => headerBalance(page)).toBe(before + 100);
  await page.getByRole('link', { name: 'Ver jogos' }).click();
  await expect(page).toHaveURL(/\/games$/);

  await page.goto('/notifications');
  await expect(page.getByText('R$ 50,00 foram adicionados aos seus créditos.')).toHaveCount(2);
});

for (const method of ['Cartão', 'PIX'] as const) {
  test(`a player applies to a game with the game page's ${method} button, pays on the sandbox and gets the confirmation`, async ({
    page,
    request,
  }) => {
    const name = unique(`Vôlei no ${method}`);
    const gameId = await createGame({ name, hoursAhead: 72, priceCents: 2200, totalSlots: 8 });
    const player = await registerPlayer(request, `Jogador no ${method}`, { credits: 100 });

    await page.goto('/login');
    await signIn(page, player.email, player.password);
    const before = await headerBalance(page);

    await page.goto(`/apply/${gameId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: method === 'PIX' ? 'Pagar com PIX' : 'Pagar com cartão' }).click();
    await expect(page.getByText(`Vaga em ${name}`)).toBeVisible();
    await payOnSandbox(page, 'R$ 22,00', method);
    await expect(page.getByText(`Sua inscrição em ${name} está confirmada.`, { exact: true })).toBeVisible();
    // Paid through the provider: the credits stay as they were.
    expect(await headerBalance(page)).toBe(before);

    await page.getByRole('link', { name: 'Ver inscrição' }).click();
    await expect(page).toHaveURL(new RegExp(`/confirmation/${gameId}$`));
    await expect(page.getByText('Inscrição realizada com sucesso!')).toBeVisible();

    await page.goto('/notifications');
    await expect(page.getByText(new RegExp(`Pagamento recebido: sua inscrição em ${name}`))).toBeVisible();
  });
}

test('a player leaves a card checkout with Cancelar: the place it held is free again at once, and the page says so', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei Desistência');
  const gameId = await createGame({ name, hoursAhead: 72, priceCents: 1900, totalSlots: 4 });
  const player = await registerPlayer(request, 'Jogador Desistente');

  await page.goto('/login');
  await signIn(page, player.email, player.password);
  const applied = await request.post(`/api/games/${gameId}/apply`, {
    data: { paymentType: 'card' },
    headers: { authorization: `Bearer ${player.token}` },
  });
  const reply = (await applied.json()) as { url: string };
  const held = (await (await request.get(`/api/games/${gameId}`)).json()) as { remainingSlots: number };
  expect(held.remainingSlots).toBe(3);

  await page.goto(reply.url);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Pagamento cancelado: nada foi cobrado e a vaga que estava reservada para você foi liberada.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/apply/${gameId}$`));
  await expect(page.getByRole('button', { name: 'Pagar com cartão' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const game = (await (await request.get(`/api/games/${gameId}`)).json()) as { remainingSlots: number };
  expect(game.remainingSlots).toBe(4);
});
