import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/games';
import { registerPlayer, unique, type Account } from './support/people';

const DAY_MS = 24 * 60 * 60 * 1000;

test.use({ viewport: { width: 390, height: 844 } });

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** A public weekly series of three Thursdays-like weeks from three days ahead: 4 places, 2 kept for mensalistas, R$ 10. */
async function createSeries(request: APIRequestContext, organiser: Account, name: string) {
  const sports = (await (await request.get('/api/games/sports')).json()) as { id: number; name: string }[];
  const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
  const stateId = states.find((state) => state.uf === 'SC')!.id;
  const cities = (await (await request.get(`/api/games/cities?stateId=${stateId}`)).json()) as { id: number; name: string }[];
  const first = new Date(Date.now() + 3 * DAY_MS).toISOString();
  const created = await request.post('/api/series', {
    headers: auth(organiser),
    data: {
      name,
      location: 'Arena Beira-Mar',
      price: 10,
      totalSlots: 4,
      memberSlots: 2,
      occurrences: 3,
      firstDateTime: first,
      sportId: sports.find((sport) => sport.name === 'Vôlei')!.id,
      stateId,
      cityId: cities.find((city) => city.name === 'Florianópolis')!.id,
    },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { series: { id: number }; games: { id: number }[] };
  return { seriesId: body.series.id, gameIds: body.games.map((game) => game.id) };
}

const credits = async (request: APIRequestContext, account: Account) =>
  ((await (await request.get('/api/users/me', { headers: auth(account) })).json()) as { credits: number }).credits;

test('at 390 px: drop-ins fill their places, a player confirms the cost and holds her member place; the organiser edits then cancels the series', async ({
  browser,
  request,
}) => {
  const name = unique('Racha guardado');
  const organiser = await registerPlayer(request, 'Organizadora do Racha');
  const { seriesId, gameIds } = await createSeries(request, organiser, name);
  const week = gameIds[0]!;

  // ── Drop-ins take the two places not kept for mensalistas; a third waits in line ──
  for (const [index, expected] of ['confirmed', 'confirmed', 'waitlist'].entries()) {
    const dropIn = await registerPlayer(request, `Avulso ${index + 1}`, { credits: 50 });
    const applied = await request.post(`/api/games/${week}/apply`, { headers: auth(dropIn), data: { paymentType: 'credit' } });
    expect(applied.ok()).toBe(true);
    expect(((await applied.json()) as { registrationType: string }).registrationType).toBe(expected);
  }

  // ── A player opens the week: drop-in places taken, member places kept; she asks to be mensalista ──
  const bia = await registerPlayer(request, 'Bia Mensalista', { credits: 15 });
  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const player = await playerContext.newPage();
  await player.goto('/login');
  await signIn(player, bia.email, bia.password);
  await player.goto(`/apply/${week}`);
  await expect(player.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(player.getByText(/As vagas avulsas deste jogo estão preenchidas; as outras são guardadas para mensalistas/)).toBeVisible();
  await expect(player.getByText(/Este jogo está lotado/)).toHaveCount(0);
  const series = player.getByRole('region', { name: /^Racha semanal: toda / });
  await expect(series.getByText(/Restam 2 vagas de mensalistas\./)).toBeVisible();
  await series.getByRole('button', { name: 'Quero ser mensalista' }).click();
  const dialog = player.getByRole('dialog', { name: 'Ser mensalista?' });
  await expect(dialog.getByText(/: R\$ 10,00 por jogo\.$/)).toBeVisible();
  await expect(dialog.getByText('3 jogos publicados agora; os próximos entram toda semana, do mesmo jeito.')).toBeVisible();
  await expect(dialog.getByText('Pago agora com seus créditos: 1 jogo, R$ 10,00.')).toBeVisible();
  await expect(
    dialog.getByText(/^2 jogos ficam reservados para você \(R\$ 20,00\): pague cada um até 48 horas antes do jogo/),
  ).toBeVisible();
  expect(await seriousViolations(player)).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(player.getByText('Agora você é mensalista! 1 jogo(s) confirmado(s), 2 aguardando pagamento.')).toBeVisible();
  await expect(series.getByText('Você é mensalista: sua vaga neste jogo está garantida.')).toBeVisible();
  expect(await credits(request, bia)).toBe(5);
  expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // ── The organiser edits the whole series, then cancels it: members are refunded ──
  const organiserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await organiserContext.newPage();
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto(`/my-series/${seriesId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Bia Mensalista')).toBeVisible();
  await expect(page.getByText('3 de 4 vagas ocupadas · nenhuma livre · 1 guardada para mensalistas')).toBeVisible();

  await page.getByRole('button', { name: 'Editar série' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar série' });
  await expect(edit.getByLabel('Nome do jogo')).toHaveValue(name);
  await edit.getByLabel('Vagas', { exact: true }).fill('5');
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Salvar série' }).click();
  await expect(page.getByText('Série atualizada: 3 jogos futuros alterados.')).toBeVisible();
  // The new place is a drop-in place: the drop-in waiting in line takes it.
  await expect(page.getByText('4 de 5 vagas ocupadas · nenhuma livre · 1 guardada para mensalistas')).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar série' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar série?' });
  await expect(cancel.getByText(/Mensalistas e avulsos são reembolsados integralmente/)).toBeVisible();
  await expect(cancel.getByText('1 mensalista deixa a série.')).toBeVisible();
  await cancel.getByLabel('Motivo do cancelamento').fill('A quadra fecha para reforma');
  await cancel.getByRole('button', { name: 'Cancelar série' }).click();
  await expect(page.getByText('Série cancelada: 3 jogos futuros cancelados, com reembolso integral aos inscritos.')).toBeVisible();
  await expect(page.getByText('Série cancelada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar série' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Her paid week came back to her credits.
  expect(await credits(request, bia)).toBe(15);

  await playerContext.close();
  await organiserContext.close();
});
