import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import { seriousViolationsInBothThemes } from './support/axe';
import { openSettled, signInAs } from './support/demo-routes';
import { createGame } from './support/games';
import { registerPlayer, unique, type Account } from './support/people';

/** A fresh account with a phone, signed in through the login form. */
async function newSignedInPlayer(page: Page, request: APIRequestContext, name: string): Promise<Account> {
  const account = await registerPlayer(request, name);
  await signInAs(page, 'player', account);
  return account;
}

test('a visitor opens a game link (rendered with its preview), signs in and is back on the game', async ({ page, request }) => {
  const publicGameId = await createGame({ name: unique('Vôlei do Link'), hoursAhead: 72 });
  const player = await registerPlayer(request, 'Jogadora do Link');
  const html = await (await request.get(`/apply/${publicGameId}`)).text();
  expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
  expect(html).toMatch(/<meta property="og:description" content="[^"]+ às \d\d:\d\d · [^"]+ · (R\$ [\d.,]+|Gratuito) · [^"]+">/);
  expect(html).toContain('<meta property="og:image" content="http');
  expect(html).toContain('Entrar para participar');

  await page.goto(`/apply/${publicGameId}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(page.getByRole('link', { name: 'Criar conta' }).last()).toHaveAttribute('href', `/register?next=%2Fapply%2F${publicGameId}`);
  await page.getByRole('link', { name: 'Entrar para participar' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('E-mail').fill(player.email);
  await page.getByLabel('Senha').fill(player.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(new RegExp(`/apply/${publicGameId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar para participar' })).toHaveCount(0);
});

test('a player edits the profile, changes the password, downloads the data and deletes the account', async ({ page, request }) => {
  const account = await newSignedInPlayer(page, request, 'Conta Temporária');
  const played = unique('Vôlei de Anteontem');
  await createGame({ name: played, hoursAhead: -48, playerEmails: [account.email] });
  await openSettled(page, '/profile');
  // The game played two days ago is in the history, not among the next games.
  const history = page.getByRole('region', { name: 'Jogos anteriores' });
  await expect(
    history
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: played }) })
      .getByText('Finalizado'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Próximos jogos' }).getByRole('link', { name: played })).toHaveCount(0);

  const personal = page.getByRole('form', { name: 'Dados pessoais' });
  await personal.getByLabel('Nome').fill('Conta Renomeada');
  await personal.getByLabel('Telefone').fill('11912345678');
  await personal.getByRole('button', { name: 'Salvar dados' }).click();
  await expect(page.getByText('Dados salvos com sucesso.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Dados pessoais' }).getByLabel('Nome')).toHaveValue('Conta Renomeada');
  await expect(page.getByText('(11) 91234-5678').first()).toBeVisible();

  await page.getByLabel('Senha atual').fill('errada-123');
  await page.getByLabel('Nova senha').fill('senha-nova-2');
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByText('Senha atual incorreta')).toBeVisible();
  await page.getByLabel('Senha atual').fill(account.password);
  await page.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso. As outras sessões foram encerradas.')).toBeVisible();
  // This tab keeps working with the new token.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bora-jogar-meus-dados.json');
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { profile: { name: string; email: string } };
  expect(data.profile).toMatchObject({ name: 'Conta Renomeada', email: account.email });

  await page.getByRole('button', { name: 'Excluir conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir conta' });
  await dialog.getByLabel('Sua senha').fill(account.password);
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(dialog.getByText('Senha incorreta')).toBeVisible();
  await dialog.getByLabel('Sua senha').fill('senha-nova-2');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sua conta foi excluída. Seus dados pessoais foram apagados.')).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha').fill('senha-nova-2');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Credenciais inválidas')).toBeVisible();
});

test('perfil com a conta e o diálogo de exclusão, temas claro e escuro: nenhuma violação séria ou crítica', async ({ page, request }) => {
  await newSignedInPlayer(page, request, 'Conta Acessível');
  await openSettled(page, '/profile');
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  await page.getByRole('button', { name: 'Excluir conta' }).click();
  await expect(page.getByRole('dialog', { name: 'Excluir conta' })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
});

test('on a phone the /my-games tabs scroll sideways and an arrow at the edge says so', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'organiser', await registerPlayer(request, 'Organizadora no Celular'));
  await openSettled(page, '/my-games');
  const right = page.locator('[data-scroll-hint="right"]');
  const left = page.locator('[data-scroll-hint="left"]');
  await page.getByRole('tab', { name: 'Todos' }).click();
  await expect(right).toBeVisible();
  await expect(left).toHaveCount(0);
  await page.getByRole('tab', { name: 'Cancelados' }).click();
  await expect(page.getByRole('tab', { name: 'Cancelados' })).toBeInViewport();
  await expect(left).toBeVisible();
  await expect(right).toHaveCount(0);
});
