import { expect, test, type APIRequestContext } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { createAdmin, registerPlayer, unique } from './support/people';

// The first week of a real organiser, on a phone: game pages that open for visitors, filters and detours that come
// back, a price that is asked for, an unpublish that asks, the copy in pt-BR and the cities of Grande Florianópolis.
test.use({ viewport: { width: 390, height: 844 } });

const DAY_MS = 24 * 60 * 60 * 1000;

function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

async function santaCatarina(request: APIRequestContext) {
  const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
  const stateId = states.find((state) => state.uf === 'SC')!.id;
  const cities = (await (await request.get(`/api/games/cities?stateId=${stateId}`)).json()) as { id: number; name: string }[];
  return { stateId, cities };
}

test('a visitor opens a game from the list, signs in from it and comes back to it; a cancelled or unknown game says so at once', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei da Praia Mole');
  const gameId = await createGame({ name, hoursAhead: 72, city: 'Florianópolis' });
  const player = await registerPlayer(request, 'Vera Visitante');

  // The menu in pt-BR: Início, Jogar (the games list), and Entrar.
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
  await menu.getByRole('link', { name: 'Jogar' }).click();
  await expect(page).toHaveURL(/\/public-games$/);

  // The card is a link to the game's page, and Participar opens it too.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('link', { name: `Participar: ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/${gameId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Signing in from the game comes back to it.
  await page.getByRole('link', { name: 'Entrar', exact: true }).click();
  await signIn(page, player.email, player.password, page.getByRole('heading', { level: 1, name }));
  await expect(page).toHaveURL(new RegExp(`/apply/${gameId}$`));

  // A cancelled game tells a visitor, with the reason; an unknown id says "Jogo não encontrado" without waiting.
  const organiser = await registerPlayer(request, 'Olga Cancela');
  const cancelledName = unique('Vôlei que choveu');
  const cancelledId = await createGame({ name: cancelledName, hoursAhead: 96, organiserEmail: organiser.email });
  const cancelled = await request.post(`/api/user-games/${cancelledId}/cancel`, {
    data: { reason: 'Previsão de temporal' },
    headers: { authorization: `Bearer ${organiser.token}` },
  });
  expect(cancelled.ok()).toBe(true);
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`/apply/${cancelledId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: cancelledName })).toBeVisible();
  await expect(visitor.getByText('Este jogo foi cancelado.')).toBeVisible();
  await expect(visitor.getByText('Motivo: Previsão de temporal')).toBeVisible();
  // An unknown game's page hydrates by itself (no tap needed) and asks for the game once: a refusal is not retried.
  const lookups: string[] = [];
  visitor.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/games/987654321') lookups.push(request.url());
  });
  await visitor.goto('/apply/987654321');
  await expect(visitor.getByRole('heading', { name: /Jogo não encontrado/ })).toBeVisible();
  expect(lookups).toHaveLength(1);
  await visitor.close();
});

test('signed in, a shared filtered list keeps its filters, and the credit detour offers the way back to the game', async ({
  page,
  request,
}) => {
  const { stateId, cities } = await santaCatarina(request);
  const saoJose = cities.find((city) => city.name === 'São José')!;
  const name = unique('Vôlei de São José');
  const gameId = await createGame({ name, hoursAhead: 80, city: 'São José', priceCents: 2000 });
  const player = await registerPlayer(request, 'Paulo Sem Saldo');

  await page.goto('/login');
  await signIn(page, player.email, player.password);
  await page.goto(`/public-games?stateId=${stateId}&cityId=${saoJose.id}`);
  await expect(page).toHaveURL(new RegExp(`/games\\?stateId=${stateId}&cityId=${saoJose.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.goto(`/apply/${gameId}`);
  await page.getByRole('link', { name: 'Adicionar créditos' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-credit\\?voltar=%2Fapply%2F${gameId}$`));
  await page.getByRole('link', { name: 'Voltar ao jogo' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('an organiser must give a price or tick Gratuito; a free game reads Gratuito, and saving it as a draft with a player asks first', async ({
  page,
  request,
}) => {
  const name = unique('Vôlei Gratuito');
  const organiser = await registerPlayer(request, 'Gabi Gratuita');
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/my-games/new');
  await page.getByLabel('Nome do jogo').fill(name);
  await page.getByLabel('Local').fill('Quadra da Lagoa');
  await page.getByLabel('Esporte').selectOption({ label: 'Vôlei' });
  await page.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await page.getByLabel('Cidade').selectOption({ label: 'Palhoça' });
  await page.getByLabel('Data', { exact: true }).fill(saoPauloDay(4));
  await page.getByLabel('Horário').fill('19:00');
  await page.getByLabel('Vagas').fill('10');
  await expect(page.getByLabel('Preço (R$)')).not.toHaveAttribute('placeholder', /\d/);
  await page.getByLabel('Publicar imediatamente').check();
  await page.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(page.getByText('Informe o preço ou marque Gratuito').first()).toBeVisible();

  await page.getByLabel('Gratuito').check();
  await page.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(page.getByText('Jogo criado com sucesso!')).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Preço: Gratuito')).toBeVisible();

  // A player joins; the organiser saves the game as a draft from the edit form: asked first.
  const games = (await (await request.get('/api/games')).json()) as { id: number; name: string }[];
  const gameId = games.find((game) => game.name === name)!.id;
  const player = await registerPlayer(request, 'Júlia Joga');
  const applied = await request.post(`/api/games/${gameId}/apply`, {
    data: { paymentType: 'credit' },
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(applied.ok()).toBe(true);
  await page.goto(`/my-games/${gameId}`);
  // Published already: the box reads "Publicado", not "Publicar imediatamente".
  await page.getByLabel('Publicado', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  const dialog = page.getByRole('dialog', { name: 'Despublicar o jogo?' });
  await expect(dialog.getByText(/cancela a inscrição de 1 jogador/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Despublicar e cancelar inscrições' }).click();
  // A free game: the place ends, and no refund is counted that was not made.
  await expect(
    page.getByText('Jogo atualizado. 1 inscrição cancelada, ninguém tinha pago, não houve reembolso; os jogadores foram avisados.'),
  ).toBeVisible();
});

test('an admin adds a city of Santa Catarina by its IBGE code, and Grande Florianópolis is there to choose', async ({ page, request }) => {
  const admin = await createAdmin(request);
  const { cities } = await santaCatarina(request);
  for (const city of ['São José', 'Palhoça', 'Biguaçu', 'Santo Amaro da Imperatriz']) expect(cities.map((c) => c.name)).toContain(city);

  await page.goto('/login');
  await signIn(page, admin.email, admin.password, page.getByRole('heading', { level: 1, name: 'Painel' }));
  await page.goto('/admin/cities');
  await expect(page.getByRole('heading', { level: 1, name: 'Cidades' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Cidades de SC' });
  await expect(list.getByText('4216602')).toBeVisible();

  await page.getByLabel(/^Nome/).fill('Porto Alegre');
  await page.getByLabel(/^Código IBGE/).fill('4314902');
  await page.getByRole('button', { name: 'Adicionar cidade' }).click();
  await expect(page.getByText('O código IBGE de uma cidade de SC começa com 42.')).toBeVisible();

  // Garopaba may already be there from an earlier run of this journey on the same server: then the 409 says so.
  await page.getByLabel(/^Nome/).fill('Garopaba');
  await page.getByLabel(/^Código IBGE/).fill('4205704');
  await page.getByRole('button', { name: 'Adicionar cidade' }).click();
  await expect(page.getByText(/Cidade Garopaba adicionada\.|Esta cidade já está cadastrada/)).toBeVisible();
  await expect(list.getByText('Garopaba')).toBeVisible();
});
