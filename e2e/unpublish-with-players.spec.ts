import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test('an organiser unpublishes a game a player paid for: asked first, then the player is cancelled, refunded and told', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei para despublicar');
  const organiser = await registerPlayer(request, 'Organizadora que Despublica');
  const gameId = await createGame({ name, hoursAhead: 96, priceCents: 1500, organiserEmail: organiser.email });

  // A player pays the place with credits.
  const player = await registerPlayer(request, 'Paula Pagante');
  const auth = { authorization: `Bearer ${player.token}` };
  expect((await request.post('/api/credits/add', { data: { amount: 20 }, headers: auth })).ok()).toBe(true);
  const applied = await request.post(`/api/games/${gameId}/apply`, { data: { paymentType: 'credit' }, headers: auth });
  expect(applied.ok()).toBe(true);
  expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');
  const balance = async () => ((await (await request.get('/api/users/me', { headers: auth })).json()) as { credits: number }).credits;
  expect(await balance()).toBe(5);

  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/my-games');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: /^Despublicar/ }).click();

  // Asked first, with what it does to the player.
  const dialog = page.getByRole('dialog', { name: 'Despublicar o jogo?' });
  await expect(
    dialog.getByText('Despublicar este jogo cancela a inscrição de 1 jogador, com reembolso integral do que pagou.', { exact: false }),
  ).toBeVisible();
  // The way out keeps everything: "Voltar", not "Cancelar" like the red button that cancels the game.
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Despublicar e cancelar inscrições' }).click();
  await expect(
    page.getByText('Jogo despublicado. 1 inscrição cancelada, 1 reembolso integral a quem pagou; os jogadores foram avisados.'),
  ).toBeVisible();
  // It leaves the published games for the drafts.
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'Rascunhos' }).click();
  await expect(card).toBeVisible();

  // The player has the money back and a notice that says why.
  expect(await balance()).toBe(20);
  const notices = (await (await request.get('/api/notifications', { headers: auth })).json()) as { message: string }[];
  expect(notices.map((notice) => notice.message).join('\n')).toContain(name);
});
