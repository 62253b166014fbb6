import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolationsInBothThemes } from './support/axe';
import { createGame } from './support/games';
import { unique } from './support/people';

// A filtered games list is an address (decision 031): shared, it opens already filtered from the
// server; on a phone the fields fold behind "Filtros (N)"; a change rewrites the address, a reload
// keeps it and going back to the list brings the filters back.

type Place = { stateId: number; joinvilleId: number; florianopolisId: number };

async function santaCatarina(request: APIRequestContext): Promise<Place> {
  const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
  const stateId = states.find((state) => state.uf === 'SC')!.id;
  const cities = (await (await request.get(`/api/games/cities?stateId=${stateId}`)).json()) as { id: number; name: string }[];
  const idOf = (name: string) => cities.find((city) => city.name === name)!.id;
  return { stateId, joinvilleId: idOf('Joinville'), florianopolisId: idOf('Florianópolis') };
}

let inJoinville: string;
let inFlorianopolis: string;
let place: Place;
// Tests of this file may run on several workers, and a worker may run this hook more than once: each run names its own games.
test.beforeAll(async ({ request }) => {
  inJoinville = unique('Vôlei do Filtro em Joinville');
  inFlorianopolis = unique('Vôlei do Filtro na Ilha');
  place = await santaCatarina(request);
  await createGame({ name: inJoinville, hoursAhead: 50, city: 'Joinville' });
  await createGame({ name: inFlorianopolis, hoursAhead: 52, city: 'Florianópolis' });
});

const games = (page: Page) => page.getByRole('region', { name: 'Jogos' });
const toggle = (page: Page) => page.getByRole('search', { name: 'Filtrar jogos' }).getByRole('button', { name: /^Filtros/ });

test('a shared filtered link on a phone: filtered by the server, folded filters with their count, a change survives a reload and going back', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const link = `/public-games?stateId=${place.stateId}&cityId=${place.joinvilleId}`;

  // The server's HTML already holds only the matching games.
  const html = await (await request.get(link)).text();
  expect(html).toContain(inJoinville);
  expect(html).not.toContain(inFlorianopolis);

  // Hydrating the filtered page gives the same markup: React reports no mismatch.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(link);
  await expect(games(page).getByRole('heading', { name: inJoinville })).toBeVisible();
  await expect(games(page).getByRole('heading', { name: inFlorianopolis })).toHaveCount(0);
  await expect(toggle(page)).toHaveText('Filtros (2)');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Cidade')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Limpar filtros' }).first()).toBeVisible();

  await toggle(page).click();
  await expect(page.getByLabel('Cidade')).toBeVisible();
  await expect(page.getByLabel('Cidade')).toHaveValue(String(place.joinvilleId));
  await page.getByLabel('Cidade').selectOption({ label: 'Florianópolis' });
  const filtered = new RegExp(`/public-games\\?stateId=${place.stateId}&cityId=${place.florianopolisId}$`);
  await expect(page).toHaveURL(filtered);
  await expect(games(page).getByRole('heading', { name: inFlorianopolis })).toBeVisible();
  await expect(games(page).getByRole('heading', { name: inJoinville })).toHaveCount(0);
  expect(errors).toEqual([]);

  await page.reload();
  await expect(page).toHaveURL(filtered);
  await expect(games(page).getByRole('heading', { name: inFlorianopolis })).toBeVisible();
  await expect(games(page).getByRole('heading', { name: inJoinville })).toHaveCount(0);
  await expect(toggle(page)).toHaveText('Filtros (2)');

  // The change rewrote the entry: leaving for a game and coming back finds the list as it was left.
  await games(page)
    .getByRole('link', { name: `Participar: ${inFlorianopolis}` })
    .click();
  await expect(page).toHaveURL(/\/apply\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(games(page).getByRole('heading', { name: inFlorianopolis })).toBeVisible();
  await toggle(page).click();
  await expect(page.getByLabel('Cidade')).toHaveValue(String(place.florianopolisId));

  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
  await expect(page).toHaveURL(/\/public-games$/);
  await expect(games(page).getByRole('heading', { name: inJoinville })).toBeVisible();
  await expect(toggle(page)).toHaveText('Filtros');
});

test('the filtered list on a phone, folded and open, in both themes: no serious or critical violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/public-games?stateId=${place.stateId}&cityId=${place.joinvilleId}&location=Gin%C3%A1sio`);
  await expect(games(page).getByRole('heading', { name: inJoinville })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page), 'dobrado').toEqual([]);
  await toggle(page).click();
  await expect(page.getByLabel('Local')).toHaveValue('Ginásio');
  expect(await seriousViolationsInBothThemes(page), 'aberto').toEqual([]);
});
