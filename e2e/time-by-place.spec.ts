import { expect, test } from '@playwright/test';
import { openSettled } from './support/demo-routes';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

const HOUR_MS = 60 * 60 * 1000;

/** 19:30 in Florianópolis the day after tomorrow (UTC−3: Brazil has kept no summer time since 2019). */
function floripaEvening(): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 2 * 24 * HOUR_MS),
  );
  return new Date(`${day}T19:30:00-03:00`);
}

// Runs in the São Paulo project and, on devices elsewhere, in the Manaus and Lisbon ones (playwright.config.ts).
test('a visitor and a player read a 19:30 game in Florianópolis at 19:30, whatever zone their browser is in', async ({
  page,
  request,
}, testInfo) => {
  const name = unique('Vôlei das 19h30');
  const at = floripaEvening();
  const gameId = await createGame({ name, hoursAhead: (at.getTime() - Date.now()) / HOUR_MS, usePlatformPayment: false });

  await openSettled(page, `/apply/${gameId}`);
  // The browser's own clock is the project's: in Manaus or Lisbon a 19:30 Florianópolis game is 18:30 or 22:30 there.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(testInfo.project.use.timezoneId);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(main.getByText('19:30', { exact: true }).first()).toBeVisible();
  await expect(main).not.toContainText('18:30');
  await expect(main).not.toContainText('22:30');

  const player = await registerPlayer(request, 'Jogadora Viajante');
  await page.goto(`/login?next=${encodeURIComponent(`/apply/${gameId}`)}`);
  await signIn(page, player.email, player.password, page.getByRole('heading', { level: 1, name }));
  await expect(main.getByText('19:30', { exact: true }).first()).toBeVisible();
  await expect(main).not.toContainText('18:30');
  await expect(main).not.toContainText('22:30');
});
