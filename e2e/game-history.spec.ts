import { expect, test } from '@playwright/test';
import { applyWithCredits, createPrivateGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `days` from now on São Paulo's clocks (`YYYY-MM-DD`). */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px: the organiser moves the game an hour, a player applies, a walk-in is added, the list is copied and the history tells each step', async ({
  browser,
  request,
}) => {
  const name = unique('Vôlei da história');
  const organiser = await registerPlayer(request, 'Olga Organiza');
  const player = await registerPlayer(request, 'Paula Joga', { credits: 50 });
  const day = saoPauloDay(5);
  const game = await createPrivateGame(request, organiser, { name, dateTime: `${day}T19:00:00-03:00` });

  // ── The organiser moves the game from 19:00 to 20:00 in the edit form ──
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.goto(`/my-games/${game.id}`);
  await expect(page.getByLabel('Horário')).toHaveValue('19:00');
  await page.getByLabel('Horário').fill('20:00');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Jogo atualizado com sucesso!')).toBeVisible();

  // ── A player applies with credits ──
  await applyWithCredits(request, player, game);

  // ── On the game's screen: a walk-in, then the list copied as it is pasted in WhatsApp ──
  await page.goto(`/my-games/${game.id}/dia-do-jogo`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dia do jogo' })).toBeVisible();
  await page.getByLabel('Adicionar avulso ou +1 (só o nome)').fill('Zé da Praia');
  await page.getByRole('button', { name: 'Adicionar à lista' }).click();
  await expect(page.getByRole('group', { name: 'Presença de Zé da Praia' })).toBeVisible();

  const history = page.getByRole('list', { name: 'Histórico do jogo' });
  // The list is read again after the walk-in: copying it now copies him too.
  await expect(history.getByRole('listitem').first()).toContainText('Olga Organiza adicionou o avulso Zé da Praia');
  await page.getByRole('button', { name: 'Copiar lista' }).click();
  await expect(page.getByText('Lista copiada')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const [year, month, date] = day.split('-');
  expect(copied).toContain(`🏐 ${name}\n📅 `);
  expect(copied).toContain(`${date}/${month}/${year} às 20:00\n📍 Quadra do Clube Doze (Rua Bocaiúva, 2000)\n💰 R$ 20,00\n`);
  expect(copied).toContain('2 de 8 vagas ocupadas · 6 livres');
  expect(copied).toContain('Confirmados:\n1. Paula Joga ✅\n2. Zé da Praia (avulso)\n');
  expect(copied).not.toContain('Lista de espera');

  // ── The history, newest first: every step and who took it ──
  await expect(history.getByRole('listitem')).toHaveText([
    /^Olga Organiza adicionou o avulso Zé da Praia/,
    /^Paula Joga entrou na lista e pagou R\$ 20,00 em créditos/,
    /^Olga Organiza mudou o horário de 19:00 para 20:00/,
    /^Olga Organiza criou o jogo/,
  ]);
  // The screen fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
