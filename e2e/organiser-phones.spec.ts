import { expect, test } from '@playwright/test';
import { createGame } from './support/games';
import { registerPlayer, unique } from './support/people';

// The phone every player gives "para o organizador" reaches the organiser (issue 42, item 10), on a 390 px phone.

test.use({ viewport: { width: 390, height: 844 } });

test("the organiser calls a player from the game's registrations; another player's browser never gets the phone", async ({
  page,
  request,
}) => {
  const organiser = await registerPlayer(request, 'Otília Organizadora');
  const renata = await registerPlayer(request, 'Renata Telefone');
  const name = unique('Vôlei do Telefone');
  const gameId = await createGame({ name, hoursAhead: 72, organiserEmail: organiser.email, playerEmails: [renata.email] });

  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), organiser.token);
  await page.goto('/my-games');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: `Ver inscrições de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Inscrições do jogo' });
  // registerPlayer gives every player the phone (48) 99123-0000.
  const call = dialog.getByRole('link', { name: 'Ligar para Renata Telefone: (48) 99123-0000' });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:+5548991230000');

  // The player herself, or anyone else, is refused the organiser's view of the game.
  const refused = await request.get(`/api/user-games/${gameId}`, { headers: { authorization: `Bearer ${renata.token}` } });
  expect(refused.status()).toBe(404);
});
