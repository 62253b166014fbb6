import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { signIn } from './support/games';
import { createAdmin, registerPlayer, unique } from './support/people';

const HOUR_MS = 60 * 60 * 1000;

const readDownload = (path: string) => readFile(path, 'utf8');

test.use({ viewport: { width: 390, height: 844 } });

test('on the court at 390 px: the organiser checks in three players and a walk-in, sets levels, draws two teams to share, and a player sees them', async ({
  browser,
  page,
  request,
}) => {
  const name = unique('Vôlei da quadra');

  // ── An organiser's game starting within the hour, paid outside, with three players in ──
  const organiser = await registerPlayer(request, 'Organizador da Quadra');
  const organiserAuth = { authorization: `Bearer ${organiser.token}` };
  const created = await request.post('/api/user-games', {
    headers: organiserAuth,
    data: {
      name,
      location: 'Quadra do Clube Doze',
      dateTime: new Date(Date.now() + HOUR_MS).toISOString(),
      price: 20,
      totalSlots: 8,
      visibility: 'private',
      usePlatformPayment: false,
      state: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const { game } = (await created.json()) as { game: { id: number; privateLink: string } };
  const players = ['Ana Quadra', 'Bia Rede', 'Caio Saque'];
  const accounts = [];
  for (const playerName of players) {
    const account = await registerPlayer(request, playerName);
    accounts.push(account);
    const { token } = account;
    const applied = await request.post(`/api/games/${game.id}/apply`, {
      headers: { authorization: `Bearer ${token}` },
      data: { privateLink: game.privateLink },
    });
    expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');
  }

  // ── From the organiser's games to the game-day screen ──
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto('/my-games');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('link', { name: 'Dia do jogo' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-games/${game.id}/dia-do-jogo$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dia do jogo' })).toBeVisible();
  await expect(page.getByText('0 presentes · 0 faltas · 3 sem marcar')).toBeVisible();

  // ── "Zé da Praia" turns up at the court without an account: added by name, he is on the list like everyone ──
  await page.getByLabel('Adicionar avulso ou +1 (só o nome)').fill('Zé da Praia');
  await page.getByRole('button', { name: 'Adicionar à lista' }).click();
  await expect(page.getByRole('group', { name: 'Presença de Zé da Praia' })).toBeVisible();
  await expect(page.getByText('0 presentes · 0 faltas · 4 sem marcar')).toBeVisible();

  // ── Check-in: large buttons, one tap each ──
  const levels = ['5', '2', '3', '4'];
  for (const [index, playerName] of [...players, 'Zé da Praia'].entries()) {
    const came = page.getByRole('group', { name: `Presença de ${playerName}` }).getByRole('button', { name: 'Veio' });
    const box = await came.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await came.click();
    await expect(came).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel(`Nível de ${playerName}`).selectOption(levels[index]!);
    await expect(page.getByLabel(`Nível de ${playerName}`)).toHaveValue(levels[index]!);
  }
  await expect(page.getByText('4 presentes · 0 faltas · 0 sem marcar')).toBeVisible();
  // The screen fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // ── Two teams, balanced by level, the walk-in drawn too: 5 + 2 against 3 + 4 ──
  await page.getByLabel('Número de times').selectOption('2');
  await page.getByRole('button', { name: 'Sortear times' }).click();
  const teams = page.getByRole('list', { name: 'Times sorteados' });
  await expect(teams.getByRole('heading')).toHaveCount(2);
  await expect(teams.getByRole('heading', { name: /Time 1/ })).toContainText('Nível 7');
  await expect(teams.getByRole('heading', { name: /Time 2/ })).toContainText('Nível 7');
  for (const playerName of players) await expect(teams.getByText(playerName)).toBeVisible();
  await expect(teams.getByText('Zé da Praia')).toBeVisible();
  const whatsapp = page.getByRole('link', { name: /Enviar no WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent('Times sorteados')}`));
  const sent = decodeURIComponent((await whatsapp.getAttribute('href'))!.replace('https://wa.me/?text=', ''));
  expect(sent).toContain('- Zé da Praia');
  // The weekday comes with the date, so the group knows which game.
  expect(sent).toMatch(/\((domingo|segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado), \d{2}\/\d{2}\/\d{4} às/);
  await expect(page.getByRole('button', { name: 'Copiar', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The draw is saved: it is there after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Times sorteados' }).getByRole('heading')).toHaveCount(2);

  // ── The spreadsheet: every registration, presence included, for Excel in Portuguese ──
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar planilha (CSV)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`inscricoes-jogo-${game.id}.csv`);
  const csv = await readDownload(await file.path());
  expect(csv.startsWith('\uFEFFNome;E-mail;Telefone;Status;Pagamento;Valor (R$);Presença;Nível;Inscrição em\r\n')).toBe(true);
  for (const playerName of players) expect(csv).toMatch(new RegExp(`${playerName};[^\r]*;Confirmada;Por fora;0,00;Veio;\\d;`));
  expect(csv).toMatch(/Zé da Praia;;;Avulso \(sem conta\);;;Veio;4;/);

  // ── A confirmed player opens the game on their own phone and finds the teams, short names only ──
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const playerPage = await phone.newPage();
  await playerPage.goto('/login');
  await signIn(playerPage, accounts[0]!.email, accounts[0]!.password);
  await playerPage.goto(`/apply/${game.id}`);
  const drawn = playerPage.getByRole('region', { name: 'Times sorteados' });
  await expect(drawn.getByRole('heading', { level: 3 })).toHaveCount(2);
  for (const shortName of ['Ana Q.', 'Bia R.', 'Caio S.', 'Zé P.']) await expect(drawn.getByText(shortName, { exact: true })).toBeVisible();
  await expect(drawn.getByText('avulso')).toBeVisible();
  await expect(drawn).not.toContainText('Quadra');
  await expect(drawn).not.toContainText('Nível');
  expect(await playerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(playerPage)).toEqual([]);
  await phone.close();
});

test('an admin downloads the payments spreadsheet of a period from the dashboard', async ({ page, request }) => {
  const admin = await createAdmin(request);
  await page.goto('/login');
  await signIn(page, admin.email, admin.password, page.getByRole('heading', { level: 1, name: 'Painel' }));
  const report = page.getByRole('region', { name: 'Relatório de pagamentos' });
  await report.getByLabel('De').fill('2020-01-01');
  await report.getByLabel('Até').fill('2020-12-31');
  const downloading = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Baixar planilha (CSV)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('pagamentos-2020-01-01-a-2020-12-31.csv');
  const csv = await readDownload(await file.path());
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFData;Tipo;Usuário;E-mail;Descrição;Forma;Situação;Valor (R$);Reembolsado (R$);Referência;Taxa da plataforma (R$);Organizador (R$)',
  );
  expect(csv).toContain('Total pago a provedores (pagos e reembolsados);;;;;;0,00');

  // Over a year is refused with the server's words.
  await report.getByLabel('De').fill('2019-01-01');
  await report.getByRole('button', { name: 'Baixar planilha (CSV)' }).click();
  await expect(page.getByText('O período pode ter no máximo 366 dias.')).toBeVisible();
});
