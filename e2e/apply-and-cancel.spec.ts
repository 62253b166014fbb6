import { expect, test } from '@playwright/test';
import { createGame, headerBalance, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test('a visitor filters public games, signs in, pays with credits, then cancels 72 h ahead and gets the credits back', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei da Jornada');
  const player = await registerPlayer(request, 'Jogadora da Jornada', { credits: 100 });
  await createGame({ name, hoursAhead: 72, priceCents: 1500, totalSlots: 10, city: 'Joinville' });

  // A visitor narrows the public list down to Joinville.
  await page.goto('/public-games');
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos abertos' })).toBeVisible();
  await expect(page.getByLabel('Cidade')).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Vôlei de Quinta no Estreito' })).toBeVisible();
  await page.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await expect(page.getByLabel('Cidade')).toBeEnabled();
  await page.getByLabel('Cidade').selectOption({ label: 'Joinville' });
  await expect(page.getByRole('heading', { name: 'Vôlei de Quinta no Estreito' })).toBeHidden();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('R$ 15,00')).toBeVisible();
  await expect(card.getByText('Joinville/SC')).toBeVisible();

  // Participar opens the game's page; signing in from there comes back to it.
  await card.getByRole('link', { name: /Participar/ }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Entrar para participar' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fapply%2F\d+$/);
  // Signed in, the player is back on the game they chose.
  await signIn(page, player.email, player.password, page.getByRole('heading', { level: 1, name }));
  const balanceBefore = await headerBalance(page);

  // Apply from the member list.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Jogos', exact: true }).click();
  const memberCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await memberCard.getByRole('link', { name: 'Participar' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTitle('Mapa do local')).toHaveAttribute('src', /maps\.google\.com\/maps\?q=.*&output=embed/);
  await page.getByRole('button', { name: 'Pagar com créditos' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();
  await expect(page).toHaveURL(/\/confirmation\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBeCloseTo(balanceBefore - 15, 2);

  // It shows on home and on the profile.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Início', exact: true }).click();
  const homeCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(homeCard.getByText('Inscrição confirmada')).toBeVisible();
  await homeCard.getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible();
  const profileRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(profileRow.getByText('Inscrição confirmada')).toBeVisible();

  // Cancelling 72 hours ahead: the dialog says the credits come back before anything happens.
  await profileRow.getByRole('button', { name: 'Cancelar inscrição' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar inscrição?' });
  await expect(dialog).toContainText('Reembolso: R$ 15,00 voltam para os seus créditos na hora.');
  await dialog.getByRole('button', { name: 'Cancelar inscrição' }).click();

  await expect(page.getByText('Inscrição cancelada com sucesso. R$ 15,00 voltaram para os seus créditos.')).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBeCloseTo(balanceBefore, 2);
  const cancelled = page.getByRole('region', { name: 'Inscrições canceladas' });
  await expect(cancelled.getByRole('link', { name })).toBeVisible();
});
