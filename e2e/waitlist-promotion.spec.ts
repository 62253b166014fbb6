import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test('a full game: a second player joins the waitlist, the first cancels, the second is promoted and notified', async ({
  page,
  browser,
  request,
}) => {
  const name = unique('Vôlei de Uma Vaga');
  const gameId = await createGame({ name, hoursAhead: 24 * 5, totalSlots: 1, priceCents: 2000, usePlatformPayment: false });
  const first = await registerPlayer(request, 'Primeira Jogadora');
  const second = await registerPlayer(request, 'Segundo Jogador');

  // The first player takes the only slot.
  const firstPage = await (await browser.newContext()).newPage();
  await firstPage.goto('/login');
  await signIn(firstPage, first.email, first.password);
  await firstPage.goto(`/apply/${gameId}`);
  await expect(firstPage.getByText('O organizador cobrará por fora. Combine diretamente com ele após a inscrição.')).toBeVisible();
  await firstPage.getByRole('button', { name: 'Confirmar inscrição' }).click();
  await expect(firstPage.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();

  // The second finds it full and joins the line.
  await page.goto('/login');
  await signIn(page, second.email, second.password);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Jogos', exact: true }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Lotado')).toBeVisible();
  await card.getByRole('link', { name: 'Entrar na lista de espera' }).click();
  await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionado à lista de espera' })).toBeVisible();
  await expect(page.getByText('Posição na fila: 1')).toBeVisible();

  await page.getByRole('link', { name: 'Ver meu perfil' }).click();
  const waiting = page.getByRole('region', { name: 'Lista de espera' });
  await expect(waiting.getByRole('link', { name })).toBeVisible();

  // The first player cancels from the game page.
  await firstPage.goto(`/apply/${gameId}`);
  await firstPage.getByRole('button', { name: 'Cancelar inscrição' }).click();
  const dialog = firstPage.getByRole('dialog', { name: 'Cancelar inscrição?' });
  await expect(dialog).toContainText('combinado por fora');
  await dialog.getByRole('button', { name: 'Cancelar inscrição' }).click();
  await expect(firstPage).toHaveURL(/\/profile$/);
  await expect(firstPage.getByText('Inscrição cancelada com sucesso.').first()).toBeVisible();

  // The second player is promoted: the header counts the news, the list says it.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Início', exact: true }).click();
  const notificationsLink = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: /Notificações/ });
  await expect(notificationsLink).toContainText('não lidas');
  const homeCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(homeCard.getByText('Inscrição confirmada')).toBeVisible();

  await notificationsLink.click();
  const promoted = page.getByRole('listitem').filter({ hasText: `Abriu uma vaga e sua inscrição em ${name}` });
  await expect(promoted).toContainText('Não lida');
  await promoted.getByRole('button', { name: /Marcar como lida/ }).click();
  await expect(promoted).not.toContainText('Não lida');
});
