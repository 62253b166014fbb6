import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';
import { seriousViolations } from './support/axe';

test('a player who leaves a waitlist sees it as leaving the line, not as a cancelled registration', async ({ page, browser, request }) => {
  const name = unique('Vôlei da Fila');
  const gameId = await createGame({ name, hoursAhead: 24 * 5, totalSlots: 1, priceCents: 1000, usePlatformPayment: false });
  const holder = await registerPlayer(request, 'Dona da Vaga');
  const waiting = await registerPlayer(request, 'Quem Desistiu');

  const holderPage = await (await browser.newContext()).newPage();
  await holderPage.goto('/login');
  await signIn(holderPage, holder.email, holder.password);
  await holderPage.goto(`/apply/${gameId}`);
  await holderPage.getByRole('button', { name: 'Confirmar inscrição' }).click();
  await expect(holderPage.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, waiting.email, waiting.password);
  await page.goto(`/apply/${gameId}`);
  await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionado à lista de espera' })).toBeVisible();

  // Leaving from the profile.
  await page.goto('/profile');
  const line = page.getByRole('region', { name: 'Lista de espera' });
  await line.getByRole('button', { name: 'Sair da lista de espera' }).click();
  await page.getByRole('dialog', { name: 'Sair da lista de espera?' }).getByRole('button', { name: 'Sair da lista' }).click();
  await expect(page.getByText('Você saiu da lista de espera com sucesso.')).toBeVisible();

  const left = page.getByRole('region', { name: 'Listas de espera que você deixou' });
  await expect(left.getByRole('link', { name })).toBeVisible();
  await expect(left.getByText('Saiu da lista de espera')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inscrições canceladas' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: /Notificações/ })
    .click();
  // The notice names the game's date: several games may share a name.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`Você saiu da lista de espera de ${name} \\(\\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}\\)\\.`) }),
  ).toBeVisible();
});
