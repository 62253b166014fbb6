import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { openSettled } from './support/demo-routes';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test('a player adds a game to the calendar (.ics and Google) and subscribes to their agenda from the profile, then replaces its link', async ({
  page,
  context,
  request,
}) => {
  const name = unique('Vôlei na Agenda');
  const gameId = await createGame({ name, hoursAhead: 30, usePlatformPayment: false });
  const player = await registerPlayer(request, 'Jogadora Agenda');
  const applied = await request.post(`/api/games/${gameId}/apply`, { headers: { authorization: `Bearer ${player.token}` }, data: {} });
  expect(applied.ok()).toBe(true);

  await page.goto('/login');
  await signIn(page, player.email, player.password);
  await openSettled(page, `/apply/${gameId}`);
  const calendar = page.getByRole('region', { name: 'Adicionar à agenda' });
  await expect(calendar).toBeVisible();

  const downloading = page.waitForEvent('download');
  await calendar.getByRole('link', { name: 'Baixar arquivo da agenda (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`jogo-${gameId}.ics`);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:jogo-${gameId}@127.0.0.1`);
  expect(ics).toContain(`SUMMARY:${name}`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  const google = new URL((await calendar.getByRole('link', { name: /Google Agenda/ }).getAttribute('href'))!);
  expect(google.hostname).toBe('calendar.google.com');
  expect(google.searchParams.get('text')).toBe(name);
  expect(google.searchParams.get('details')).toBe(`${new URL(page.url()).origin}/apply/${gameId}`);
  expect(await seriousViolations(page)).toEqual([]);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSettled(page, '/profile');
  const agenda = page.getByRole('region', { name: 'Minha agenda' });
  const field = agenda.getByLabel('Link da sua agenda');
  await expect(field).toHaveValue(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const feedUrl = await field.inputValue();
  expect(await seriousViolations(page)).toEqual([]);

  await agenda.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link da agenda copiado!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  // The feed opens without signing in, with the game in it.
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`SUMMARY:${name}`);

  await agenda.getByRole('button', { name: 'Gerar novo link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar novo link da agenda?' });
  await dialog.getByRole('button', { name: 'Gerar novo link' }).click();
  await expect(page.getByText('Novo link da agenda gerado. O link antigo parou de funcionar.')).toBeVisible();
  await expect(field).not.toHaveValue(feedUrl);
  const newUrl = await field.inputValue();
  expect((await fetch(feedUrl)).status).toBe(404);
  expect((await fetch(newUrl)).status).toBe(200);
});
