import { expect, test } from '@playwright/test';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

// The description's hint says what the field does (issue 42, item 10): text as typed, not HTML. On a 390 px phone.

test.use({ viewport: { width: 390, height: 844 } });

/** `days` from now, as the date field takes it, in São Paulo. */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
}

test('an organiser types a description as in a message: its lines and paragraphs are what players read', async ({ page, request }) => {
  const name = unique('Vôlei Descrito');
  const organiser = await registerPlayer(request, 'Dora Descreve');
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/my-games/new');
  const description = page.getByLabel('Descrição');
  await expect(description).toHaveAccessibleDescription(
    'Escreva como numa mensagem: as quebras de linha aparecem como você digitou, e uma linha em branco começa outro parágrafo.',
  );

  await page.getByLabel('Nome do jogo').fill(name);
  await page.getByLabel('Local').fill('Quadra da Lagoa');
  await page.getByLabel('Esporte').selectOption({ label: 'Vôlei' });
  await page.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await page.getByLabel('Cidade').selectOption({ label: 'Palhoça' });
  await page.getByLabel('Data', { exact: true }).fill(saoPauloDay(4));
  await page.getByLabel('Horário').fill('19:00');
  await page.getByLabel('Vagas').fill('10');
  await page.getByLabel('Gratuito').check();
  await page.getByLabel('Publicar imediatamente').check();
  await description.fill('Nível intermediário.\nTraga água.\n\nRede oficial, bola da casa.');
  await page.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(page.getByText('Jogo criado com sucesso!')).toBeVisible();

  const games = (await (await request.get('/api/games')).json()) as { id: number; name: string }[];
  const gameId = games.find((game) => game.name === name)!.id;
  await page.goto(`/apply/${gameId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Two paragraphs; the first keeps its line break.
  const first = page.locator('p').filter({ hasText: 'Nível intermediário.' });
  await expect(first).toHaveText('Nível intermediário.Traga água.');
  await expect(first.locator('br')).toHaveCount(1);
  await expect(page.locator('p').filter({ hasText: 'Rede oficial, bola da casa.' })).toHaveText('Rede oficial, bola da casa.');
});
