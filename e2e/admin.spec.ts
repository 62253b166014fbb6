import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createGame, headerBalance, parseBRL, signIn } from './support/games';
import { createAdmin, createPlayers, createUnpaidTopUps, registerPlayer, unique, type Account } from './support/people';

// The administrator's journeys on the real app (sandbox payments), each with an administrator and a player of its own.

async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<void> {
  const admin = await createAdmin(request);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Senha').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
}

/** The player signed in in a browser of their own (the admin's session stays in the other one). */
async function playerPage(browser: Browser, player: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, player.email, player.password);
  return page;
}

test('an admin signs in to the dashboard and cannot leave the admin tree', async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await expect(page.getByText('Receita total')).toBeVisible();
  await expect(page.getByText('Inscrições confirmadas pagas pela plataforma × preço')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Jogos recentes' })).toBeVisible();

  await page.goto('/games');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();

  // "Voltar ao site" asks first: going back to the site means signing out.
  await page.getByRole('banner').getByRole('button', { name: 'Voltar ao site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voltar ao site' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an admin adds R$ 20,00 to the player, whose header then shows it', async ({ page, browser, request }) => {
  const account = await registerPlayer(request, 'Jogadora Creditada', { credits: 100 });
  const player = await playerPage(browser, account);
  const before = await headerBalance(player);

  await signInAsAdmin(page, request);
  await page.getByRole('banner').getByRole('link', { name: 'Usuários' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  // The search ignores case.
  await page.getByLabel('Buscar usuários').fill(account.email.split('@')[0]!.toUpperCase());
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^Ver detalhes de / }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByText(account.email)).toBeVisible();
  const balance = page.getByTestId('user-balance');
  await expect(balance).toHaveText(/R\$/);
  const adminSeesBefore = parseBRL((await balance.textContent()) ?? '');

  await page.getByRole('button', { name: 'Adicionar créditos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar créditos' });
  await dialog.getByLabel('Valor (R$)').fill('20');
  await dialog.getByRole('button', { name: 'Adicionar créditos' }).click();
  await expect(page.getByText('R$ 20,00 adicionados aos créditos do usuário.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => parseBRL((await balance.textContent()) ?? '')).toBeCloseTo(adminSeesBefore + 20, 2);
  const history = page.getByRole('table', { name: 'Histórico de transações' });
  await expect(history.getByRole('row').nth(1)).toContainText('Crédito manual');
  await expect(history.getByRole('row').nth(1)).toContainText('+R$ 20,00');

  await player.reload();
  await expect.poll(() => headerBalance(player)).toBeCloseTo(before + 20, 2);
  await player.context().close();
});

test('an admin duplicates a game and sees the message', async ({ page, request }) => {
  const name = unique('Vôlei Para Duplicar');
  await createGame({ name, hoursAhead: 96 });

  await signInAsAdmin(page, request);
  await page.getByRole('banner').getByRole('link', { name: 'Jogos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos' })).toBeVisible();
  await page.getByLabel('Buscar jogos').fill(name);
  const original = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(original).toBeVisible();
  await expect(original.getByText('Ativo')).toBeVisible();

  await original.getByRole('button', { name: `Duplicar ${name}` }).click();
  await expect(page.getByText(`Jogo "${name}" duplicado com sucesso!`)).toBeVisible();
  const copy = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${name} (Cópia)` }) });
  await expect(copy).toBeVisible();
  await expect(copy.getByText('Rascunho')).toBeVisible();
  // The message goes away after 5 seconds.
  await expect(page.getByText(`Jogo "${name}" duplicado com sucesso!`)).toBeHidden({ timeout: 8000 });
});

test('a card-paid cancellation becomes a pending request that the admin processes', async ({ page, browser, request }) => {
  const name = unique('Vôlei Reembolso');
  const gameId = await createGame({ name, hoursAhead: 96, priceCents: 2200 });

  // The player takes a slot by card through the sandbox checkout, then cancels 96 h ahead.
  const account = await registerPlayer(request, 'Jogador Reembolsado');
  const auth = { authorization: `Bearer ${account.token}` };
  const applied = await request.post(`/api/games/${gameId}/apply`, { data: { paymentType: 'card' }, headers: auth });
  expect(applied.ok()).toBe(true);
  const { url } = (await applied.json()) as { url: string };
  const player = await playerPage(browser, account);
  await player.goto(url);
  await expect(player.getByTestId('amount')).toHaveText('R$ 22,00');
  await player.getByRole('button', { name: 'Pagar' }).click();
  await expect(player).toHaveURL(/\/payment-success\?session_id=/);
  await expect(player.getByText(`Sua inscrição em ${name} está confirmada.`, { exact: true })).toBeVisible();
  await player.context().close();

  const cancelled = await request.post(`/api/games/${gameId}/cancel`, { headers: auth });
  expect(cancelled.ok()).toBe(true);
  expect(((await cancelled.json()) as { refund: string }).refund).toBe('request');

  await signInAsAdmin(page, request);
  await page.getByRole('banner').getByRole('link', { name: 'Cancelamentos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de cancelamentos' })).toBeVisible();
  await page.getByRole('button', { name: 'Pendentes' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('R$ 22,00')).toBeVisible();
  await expect(row.getByText('Cartão')).toBeVisible();

  await row.getByRole('button', { name: /^Processar pedido de / }).click();
  const dialog = page.getByRole('dialog', { name: 'Processar reembolso' });
  await expect(dialog.getByRole('radio', { name: /Estornar no Cartão/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Processar reembolso' }).click();
  await expect(page.getByText('Reembolso de R$ 22,00 processado com sucesso.')).toBeVisible();
  // Processed: it leaves the pending list and shows as "Processado" under Todos.
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Todos' }).click();
  const processed = page.getByRole('row').filter({ hasText: name });
  await expect(processed.getByText('No pagamento original')).toBeVisible();
  await expect(processed.getByRole('cell', { name: /^Processado/ }).last()).toBeVisible();
  await expect(processed.getByRole('button')).toHaveCount(0);
});

test('an admin searches 230 accounts: "mais de 200", pages past the count, then the oldest one\'s latest 50 of 60 payments', async ({
  page,
  request,
}) => {
  const name = unique('Jogadora Em Massa');
  const [oldest] = await createPlayers(name, 230);
  await createUnpaidTopUps(oldest!, 60);

  await signInAsAdmin(page, request);
  await page.getByRole('banner').getByRole('link', { name: 'Usuários' }).click();
  await page.getByLabel('Buscar usuários').fill(name);
  const paging = page.getByRole('navigation', { name: 'Paginação' });
  // A search counts up to 200 matches past its page: more than that is "mais de 200", and the pages go on.
  await expect(paging).toContainText('mais de 200 usuários');
  await expect(paging.getByText('Página 1 de 20+')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(`${name} 230`);

  // Each page counts 200 past itself: the next one, 210.
  await paging.getByRole('button', { name: 'Próxima' }).click();
  await expect(paging.getByText('Página 2 de 21+')).toBeVisible();
  await expect(paging).toContainText('mais de 210 usuários');
  await expect(rows.first()).toContainText(`${name} 220`);
  // From the 20th page the count reaches the end: exact, and Próxima stops at the last page.
  await page.goto(`/admin/users?search=${encodeURIComponent(name)}&page=20`);
  await expect(paging.getByText('Página 20 de 23')).toBeVisible();
  await expect(paging).toContainText('230 usuários');
  await expect(paging).not.toContainText('mais de');
  await expect(rows.first()).toContainText(`${name} 40`);
  for (let next = 0; next < 3; next++) await paging.getByRole('button', { name: 'Próxima' }).click();
  await expect(paging.getByText('Página 23 de 23')).toBeVisible();
  await expect(paging.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  await expect(rows).toHaveCount(10);
  await expect(rows.last()).toContainText(`${name} 1`);

  // The oldest account's card and PIX payments: the latest 50, and how many there are.
  await rows
    .last()
    .getByRole('link', { name: /^Ver detalhes de / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${oldest}$`));
  await expect(page.getByText('Os 50 mais recentes de 60 pagamentos.')).toBeVisible();
});
