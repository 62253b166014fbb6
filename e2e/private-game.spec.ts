import { expect, test } from '@playwright/test';
import { registerPlayer, unique } from './support/people';
import { seriousViolations } from './support/axe';

test('a private game filled through its link shows the places taken and a disabled "Vagas esgotadas" to a visitor; a broken link says why', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei Fechado');
  const { token } = await registerPlayer(request, 'Organizadora do Condomínio');
  const created = await request.post('/api/user-games', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      location: 'Quadra do Condomínio',
      address: '',
      dateTime: new Date(Date.now() + 4 * 24 * 3_600_000).toISOString(),
      price: 0,
      totalSlots: 1,
      description: '',
      visibility: 'private',
      usePlatformPayment: false,
      state: 'published',
      sportId: null,
      stateId: null,
      cityId: null,
    },
  });
  expect(created.status()).toBe(201);
  const { game } = (await created.json()) as { game: { id: number; privateLink: string } };
  const player = await registerPlayer(request, 'Jogadora Link');
  const applied = await request.post(`/api/games/${game.id}/apply`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { privateLink: game.privateLink },
  });
  expect(applied.ok()).toBe(true);

  await page.goto(`/games/private/${encodeURIComponent(game.privateLink)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Vagas ocupadas' })).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByText('1 de 1 vaga ocupada · nenhuma livre', { exact: true })).toBeVisible();
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vagas esgotadas' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Entrar para participar' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/games/private/link-que-nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Jogo não encontrado' })).toBeVisible();
  await expect(page.getByText('Jogo não encontrado ou não está disponível para inscrição')).toBeVisible();
});
