import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test('two people on the same game: one applies, and the other sees the places change on the game page and the public list without reloading', async ({
  browser,
}) => {
  const name = unique('Vôlei ao Vivo');
  const id = await createGame({ name, hoursAhead: 72, totalSlots: 4, priceCents: 0, usePlatformPayment: false, city: 'Joinville' });

  // A visitor watches the game's page, and the public list narrowed down to Joinville, in a second tab.
  const visitor = await browser.newContext();
  const gamePage = await visitor.newPage();
  const gameStream = gamePage.waitForRequest(`**/api/games/${id}/events`);
  await gamePage.goto(`/apply/${id}`);
  await expect(gamePage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(gamePage.getByText('0 de 4 vagas ocupadas · 4 livres')).toBeVisible();
  // The server-rendered page starts the app on the first interaction (decision 013), and with it the stream.
  await gamePage.getByRole('heading', { level: 1, name }).hover();
  await gameStream;
  // Set on this document: still there at the end means the page was never reloaded.
  await gamePage.evaluate(() => Object.assign(window, { untouched: true }));

  const listPage = await visitor.newPage();
  await listPage.goto('/public-games');
  await expect(listPage.getByRole('heading', { level: 1, name: 'Jogos abertos' })).toBeVisible();
  const listStream = listPage.waitForRequest('**/api/games/events');
  await listPage.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await listPage.getByLabel('Cidade').selectOption({ label: 'Joinville' });
  await listStream;
  const card = listPage.getByRole('listitem').filter({ has: listPage.getByRole('heading', { name }) });
  await expect(card.getByText('0 de 4 vagas ocupadas · 4 livres')).toBeVisible();

  // A player, in a browser of their own, applies on the same page.
  const playerContext = await browser.newContext();
  const player = await registerPlayer(playerContext.request, 'Jogadora Ao Vivo');
  const playerPage = await playerContext.newPage();
  await playerPage.goto(`/login?next=${encodeURIComponent(`/apply/${id}`)}`);
  await signIn(playerPage, player.email, player.password, playerPage.getByRole('heading', { level: 1, name }));
  await playerPage.getByRole('button', { name: 'Confirmar inscrição' }).click();
  await expect(playerPage.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();

  // Well within a couple of seconds, with no reload.
  await expect(gamePage.getByText('1 de 4 vagas ocupadas · 3 livres')).toBeVisible({ timeout: 3000 });
  await expect(card.getByText('1 de 4 vagas ocupadas · 3 livres')).toBeVisible({ timeout: 3000 });
  expect(await gamePage.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);

  await Promise.all([visitor.close(), playerContext.close()]);
});
