import { expect, test } from '@playwright/test';
import { createGame } from './support/games';
import { registerPlayer, unique } from './support/people';

// What a screen reader hears on a 390 px phone (issue 42, item 10): each of the organiser's repeated buttons says
// which game it acts on, and the map says which place it shows.

test.use({ viewport: { width: 390, height: 844 } });

test("the organiser's repeated buttons name their game, and a game's map names its place", async ({ page, request }) => {
  const organiser = await registerPlayer(request, 'Olívia Leitora');
  const names = [unique('Vôlei da Manhã'), unique('Vôlei da Noite')];
  const [firstId] = [
    await createGame({ name: names[0]!, hoursAhead: 72, organiserEmail: organiser.email }),
    await createGame({ name: names[1]!, hoursAhead: 96, organiserEmail: organiser.email }),
  ];
  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), organiser.token);

  await page.goto('/my-games');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus jogos' })).toBeVisible();
  for (const name of names) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByRole('link', { name: `Editar ${name}`, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Ver inscrições de ${name}`, exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: `Dia do jogo de ${name}`, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Despublicar ${name}`, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Cancelar ${name}`, exact: true })).toBeVisible();
  }
  // One "Despublicar" per game, each told apart by its name.
  await expect(page.getByRole('button', { name: /^Despublicar / })).toHaveCount(2);

  await page.goto(`/apply/${firstId}`);
  await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
  await expect(page.locator('iframe')).toHaveAccessibleName(
    'Mapa do local: Ginásio de Testes, Rua dos Testes, 100 - Centro, Florianópolis - SC',
  );
});
