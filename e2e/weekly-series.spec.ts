import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date input value in São Paulo time, `days` from now. */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

test('an organiser creates a weekly series, a player becomes mensalista and holds a place in its three games', async ({
  browser,
  request,
}) => {
  const name = unique('Racha semanal');
  const account = await registerPlayer(request, 'Organizador do Racha');

  // ── The organiser: the one game form, with "Repetir toda semana" ──
  const organiserContext = await browser.newContext();
  const organiser = await organiserContext.newPage();
  await organiser.goto('/login');
  await signIn(organiser, account.email, account.password);
  await organiser.goto('/my-games/new');
  await expect(organiser.getByRole('heading', { level: 1, name: 'Criar jogo' })).toBeVisible();
  await organiser.getByLabel('Nome do jogo').fill(name);
  await organiser.getByLabel('Local').fill('Arena Beira-Mar');
  await organiser.getByLabel('Esporte').selectOption({ label: 'Vôlei' });
  await organiser.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await organiser.getByLabel('Cidade').selectOption({ label: 'Florianópolis' });
  await organiser.getByLabel('Data', { exact: true }).fill(saoPauloDay(3));
  await organiser.getByLabel('Horário').fill('19:30');
  await organiser.getByLabel('Vagas', { exact: true }).fill('10');
  await organiser.getByLabel('Gratuito').check();
  await organiser.getByLabel('Repetir toda semana').check();
  await organiser.getByLabel('Quantas semanas').fill('3');
  await organiser.getByLabel('Vagas de mensalistas').fill('11');
  await organiser.getByRole('button', { name: 'Criar série' }).click();
  await expect(
    organiser.getByRole('alert').filter({ hasText: 'As vagas de mensalistas vão de 0 até o total de vagas (10).' }),
  ).toBeVisible();
  await organiser.getByLabel('Vagas de mensalistas').fill('4');
  await organiser.getByRole('button', { name: 'Criar série' }).click();
  await expect(organiser.getByText('Série criada! 3 jogos publicados; os próximos saem toda semana.')).toBeVisible();
  await expect(organiser).toHaveURL(/\/my-series\/\d+$/);
  await expect(organiser.getByRole('heading', { level: 1, name })).toBeVisible();
  const games = organiser.getByRole('link', { name: / às 19:30$/ });
  await expect(games).toHaveCount(3);
  const firstGame = await games.first().getAttribute('href');
  expect(await seriousViolations(organiser)).toEqual([]);

  // ── A player opens a game of the series and becomes mensalista ──
  const member = await registerPlayer(request, 'Bia Mensalista');
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await player.goto('/login');
  await signIn(player, member.email, member.password);
  await player.goto(firstGame!);
  await expect(player.getByRole('heading', { level: 1, name })).toBeVisible();
  const series = player.getByRole('region', { name: /^Racha semanal: toda / });
  await expect(series.getByText(/Restam 4 vagas de mensalistas\./)).toBeVisible();
  expect(await seriousViolations(player)).toEqual([]);
  await series.getByRole('button', { name: 'Quero ser mensalista' }).click();
  const confirm = player.getByRole('dialog', { name: 'Ser mensalista?' });
  await expect(confirm.getByText('Gratuito: suas 3 vagas são confirmadas na hora.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(player.getByText('Agora você é mensalista! 3 jogo(s) confirmado(s).')).toBeVisible();
  await expect(series.getByText('Você é mensalista: sua vaga neste jogo está garantida.')).toBeVisible();

  // ── Three games on the player's profile ──
  await player.goto('/profile');
  const upcoming = player.getByRole('region', { name: 'Próximos jogos' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: name })).toHaveCount(3);

  // ── The organiser's series page shows the mensalista and the places taken ──
  await organiser.reload();
  await expect(organiser.getByText('Bia Mensalista')).toBeVisible();
  // Three more places stay kept for mensalistas (decision 046).
  await expect(organiser.getByText('1 de 10 vagas ocupadas · 6 livres · 3 guardadas para mensalistas')).toHaveCount(3);
  await expect(organiser.getByText('3 de 4')).toBeVisible();

  await playerContext.close();
  await organiserContext.close();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('moving week 2 of a series to 20:00 tells its mensalista which week, by its date; joining was one notice', async ({
    browser,
    page,
    request,
  }) => {
    const name = unique('Vôlei de Terça');
    const organiser = await registerPlayer(request, 'Organizadora da Terça');
    const auth = { authorization: `Bearer ${organiser.token}` };
    const sports = (await (await request.get('/api/games/sports')).json()) as { id: number; name: string }[];
    const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
    const stateId = states.find((state) => state.uf === 'SC')!.id;
    const cities = (await (await request.get(`/api/games/cities?stateId=${stateId}`)).json()) as { id: number; name: string }[];
    const created = await request.post('/api/series', {
      headers: auth,
      data: {
        name,
        location: 'Quadra da Trindade',
        price: 0,
        totalSlots: 6,
        memberSlots: 2,
        occurrences: 3,
        firstDateTime: `${saoPauloDay(3)}T19:30`,
        sportId: sports.find((sport) => sport.name === 'Vôlei')!.id,
        stateId,
        cityId: cities.find((city) => city.name === 'Florianópolis')!.id,
      },
    });
    expect(created.status()).toBe(201);
    const { series, games } = (await created.json()) as { series: { id: number }; games: { id: number; dateTime: string }[] };
    expect(games).toHaveLength(3);
    const dayOf = (dateTime: string) =>
      new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(dateTime),
      );
    const [week1, week2, week3] = games.map((game) => dayOf(game.dateTime));

    // ── Bia becomes mensalista: her three weeks in one notice, each by its date ──
    const member = await registerPlayer(request, 'Bia Terça');
    const joined = await request.post(`/api/series/${series.id}/members`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(joined.status()).toBe(200);

    // ── The organiser moves week 2 from 19:30 to 20:00 on her phone ──
    await page.goto('/login');
    await signIn(page, organiser.email, organiser.password);
    await page.goto(`/my-games/${games[1]!.id}`);
    await expect(page.getByLabel('Horário')).toHaveValue('19:30');
    await page.getByLabel('Horário').fill('20:00');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Jogo atualizado com sucesso!')).toBeVisible();

    // ── Bia reads, on her phone, which game moved: the name five games share, and the date that tells them apart ──
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const player = await phone.newPage();
    await player.goto('/login');
    await signIn(player, member.email, member.password);
    await player.goto('/notifications');
    const notices = player.getByRole('listitem');
    await expect(
      notices.filter({ hasText: `O organizador alterou o jogo ${name} (${week2} às 19:30): o horário agora é 20:00.` }),
    ).toBeVisible();
    const joinedNotice = notices.filter({ hasText: `Agora você é mensalista de ${name}.` });
    await expect(joinedNotice).toHaveCount(1);
    await expect(joinedNotice).toContainText(`Vaga confirmada: ${week1} às 19:30; ${week2} às 19:30; ${week3} às 19:30.`);
    await expect(notices.filter({ hasText: 'Sua vaga de mensalista em' })).toHaveCount(0);
    expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(player)).toEqual([]);
    await phone.close();
  });
});
