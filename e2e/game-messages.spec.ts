import { expect, test } from '@playwright/test';
import { applyWithCredits, createPrivateGame, signIn } from './support/games';
import { mailsTo } from './support/mail';
import { registerPlayer, unique } from './support/people';

const DAY_MS = 24 * 60 * 60 * 1000;

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px: the organiser sends an aviso to the confirmed players; a player reads it under Avisos and in their notifications', async ({
  browser,
  request,
}) => {
  const name = unique('Vôlei dos avisos');
  const organiser = await registerPlayer(request, 'Ana Souza');
  const player = await registerPlayer(request, 'Bia Lima', { credits: 50 });
  const game = await createPrivateGame(request, organiser, { name, dateTime: new Date(Date.now() + 5 * DAY_MS).toISOString() });
  await applyWithCredits(request, player, game);

  // ── The organiser writes the aviso on game day, for the confirmed players ──
  const organiserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const organiserPage = await organiserContext.newPage();
  await organiserPage.goto('/login');
  await signIn(organiserPage, organiser.email, organiser.password);
  await organiserPage.goto(`/my-games/${game.id}/dia-do-jogo`);
  const form = organiserPage.getByRole('region', { name: 'Enviar aviso' });
  // An empty aviso is refused on the phone, before any request.
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(form.getByText('Escreva o aviso antes de enviar.')).toBeVisible();
  await form.getByLabel('Aviso').fill('Hoje na quadra 2. Mapa: https://maps.example.com/quadra-2');
  await expect(form.getByRole('radio', { name: 'Confirmados' })).toBeChecked();
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(form.getByText('Aviso enviado para 1 pessoa.')).toBeVisible();
  await expect(organiserPage.getByRole('list', { name: 'Histórico do jogo' }).getByRole('listitem').first()).toContainText(
    'Ana Souza enviou um aviso aos confirmados',
  );
  await organiserContext.close();

  // ── The player reads it on the game's page, under Avisos, and in their notifications ──
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, player.email, player.password);
  await page.goto(`/apply/${game.id}`);
  const avisos = page.getByRole('region', { name: 'Avisos' });
  await expect(avisos.getByRole('listitem')).toHaveCount(1);
  await expect(avisos.getByRole('listitem').first()).toContainText('Aviso de Ana Souza');
  await expect(avisos.getByRole('listitem').first()).toContainText('Hoje na quadra 2. Mapa: https://maps.example.com/quadra-2');

  await page.goto('/notifications');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Aviso de Ana Souza: Hoje na quadra 2. Mapa: https://maps.example.com/quadra-2' }),
  ).toBeVisible();

  // The e-mail carries it too, the address a link.
  await expect
    .poll(async () => (await mailsTo(player.email)).find((mail) => mail.includes('Aviso de Ana Souza')) ?? '')
    .toContain('href="https://maps.example.com/quadra-2"');
  await context.close();
});
