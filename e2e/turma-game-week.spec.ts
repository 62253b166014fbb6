import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

// A turma's game from start to end on a phone (issue 44): the owner creates the turma and makes a second organiser,
// who creates a game only for the turma and runs its game day; a newcomer joins by the link, pays with credits and
// plays; the organiser's aviso reaches the players; the game's history tells every step and who took it.
test.use({ viewport: { width: 390, height: 844 } });

const MINUTE_MS = 60 * 1000;

/** The date and time inputs' values, on São Paulo's clocks, of the whole minute `minutes` from now. */
function saoPauloInputs(minutes: number): { day: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', ...options }).format(at);
  return { day: part({ year: 'numeric', month: '2-digit', day: '2-digit' }), time: part({ hour: '2-digit', minute: '2-digit' }) };
}

/** Nothing on the screen scrolls sideways on the phone. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('at 390 px: a turma, its second organiser running game day, a newcomer by the link on a game only for the turma, an aviso, and the history of it all', async ({
  browser,
  request,
}) => {
  const turma = unique('Vôlei do Campeche');
  const gameName = unique('Racha de sábado');
  const owner = await registerPlayer(request, 'Olga Dona');
  const second = await registerPlayer(request, 'Otávio Segundo');
  const newcomer = await registerPlayer(request, 'Nina Nova', { credits: 40 });

  const phone = async (clipboard = false) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      ...(clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
    });
    return { context, page: await context.newPage() };
  };

  // ── The owner creates the turma and copies its join link ──
  const ownerPhone = await phone(true);
  const ownerPage = ownerPhone.page;
  await ownerPage.goto('/login');
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto('/turmas/nova');
  await ownerPage.getByLabel('Nome da turma').fill(turma);
  await ownerPage.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await ownerPage.getByLabel('Cidade').selectOption({ label: 'Florianópolis' });
  await ownerPage.getByLabel(/^Privada/).check();
  await ownerPage.getByRole('button', { name: 'Criar turma' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: turma })).toBeVisible();
  await fitsThePhone(ownerPage);
  await ownerPage.getByRole('button', { name: 'Copiar link de convite' }).click();
  await expect(ownerPage.getByText('Link de convite copiado!')).toBeVisible();
  const inviteUrl = new URL(await ownerPage.evaluate(() => navigator.clipboard.readText()));
  const invitePath = inviteUrl.pathname + inviteUrl.search;

  // ── The second organiser joins by the link; the owner makes them an organiser ──
  const secondPhone = await phone();
  const secondPage = secondPhone.page;
  await secondPage.goto(invitePath);
  await secondPage.getByRole('link', { name: 'Entrar para participar' }).click();
  await signIn(secondPage, second.email, second.password, secondPage.getByRole('heading', { level: 1, name: turma }));
  await secondPage.getByRole('button', { name: 'Entrar na turma' }).click();
  await expect(secondPage.getByText('Você é membro desta turma.')).toBeVisible();
  // A member creates nothing for the turma.
  await expect(secondPage.getByRole('link', { name: 'Criar jogo da turma' })).toHaveCount(0);

  await ownerPage.reload();
  await ownerPage.getByLabel('Papel de Otávio Segundo').selectOption('organiser');
  await expect(ownerPage.getByText('Papel atualizado.')).toBeVisible();

  // ── Now an organiser, they create a game only for the turma, paid by the platform, starting in an hour and a half ──
  await secondPage.reload();
  await secondPage.getByRole('link', { name: 'Criar jogo da turma' }).click();
  await expect(secondPage.getByRole('heading', { level: 1, name: `Criar jogo da turma ${turma}` })).toBeVisible();
  await secondPage.getByLabel('Nome do jogo').fill(gameName);
  await secondPage.getByLabel('Local').fill('Praia do Campeche');
  const start = saoPauloInputs(90);
  await secondPage.getByLabel('Data', { exact: true }).fill(start.day);
  await secondPage.getByLabel('Horário').fill(start.time);
  await secondPage.getByLabel('Preço (R$)').fill('15');
  await secondPage.getByLabel('Vagas').fill('12');
  await expect(secondPage.getByLabel(`Só a turma (${turma})`)).toBeChecked();
  await secondPage.getByLabel('Pela plataforma (checkout integrado)').check();
  await secondPage.getByLabel('Publicar imediatamente').check();
  await secondPage.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(secondPage.getByText('Jogo criado com sucesso!')).toBeVisible();

  // ── The newcomer opens the link, joins the turma, finds the game on its page and pays with credits ──
  const newcomerPhone = await phone();
  const newcomerPage = newcomerPhone.page;
  await newcomerPage.goto(invitePath);
  await newcomerPage.getByRole('link', { name: 'Entrar para participar' }).click();
  await signIn(newcomerPage, newcomer.email, newcomer.password, newcomerPage.getByRole('heading', { level: 1, name: turma }));
  await newcomerPage.getByRole('button', { name: 'Entrar na turma' }).click();
  await expect(newcomerPage.getByText('Você é membro desta turma.')).toBeVisible();
  await newcomerPage.getByRole('link', { name: new RegExp(gameName) }).click();
  await expect(newcomerPage.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
  const gameId = Number(/\/apply\/(\d+)/.exec(newcomerPage.url())![1]);
  await newcomerPage.getByRole('button', { name: 'Pagar com créditos' }).click();
  // So close to the start, paying is told to be without refund.
  await newcomerPage
    .getByRole('dialog', { name: 'Pagar sem direito a reembolso?' })
    .getByRole('button', { name: 'Pagar R$ 15,00 com créditos' })
    .click();
  await expect(newcomerPage.getByRole('heading', { level: 1, name: 'Inscrição realizada com sucesso!' })).toBeVisible();

  // ── Game day, run by the second organiser: an aviso to the confirmed players, a walk-in, the check-in ──
  await secondPage.goto(`/my-games/${gameId}/dia-do-jogo`);
  await expect(secondPage.getByRole('heading', { level: 1, name: 'Dia do jogo' })).toBeVisible();
  const form = secondPage.getByRole('region', { name: 'Enviar aviso' });
  await form.getByLabel('Aviso').fill('Rede montada no posto 3, cheguem 8h45.');
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(form.getByText('Aviso enviado para 1 pessoa.')).toBeVisible();
  await secondPage.getByLabel('Adicionar avulso ou +1 (só o nome)').fill('Zé da Praia');
  await secondPage.getByRole('button', { name: 'Adicionar à lista' }).click();
  await expect(secondPage.getByRole('group', { name: 'Presença de Zé da Praia' })).toBeVisible();
  const came = secondPage.getByRole('group', { name: 'Presença de Nina Nova' }).getByRole('button', { name: 'Veio' });
  await came.click();
  await expect(came).toHaveAttribute('aria-pressed', 'true');
  await expect(secondPage.getByText('1 presente · 0 faltas · 1 sem marcar')).toBeVisible();
  await fitsThePhone(secondPage);

  // ── The aviso reached the newcomer: on the game's page, under Avisos, and in their notifications ──
  await newcomerPage.goto(`/apply/${gameId}`);
  const avisos = newcomerPage.getByRole('region', { name: 'Avisos' });
  await expect(avisos.getByRole('listitem').first()).toContainText('Aviso de Otávio Segundo');
  await expect(avisos.getByRole('listitem').first()).toContainText('Rede montada no posto 3, cheguem 8h45.');
  await newcomerPage.goto('/notifications');
  await expect(
    newcomerPage.getByRole('listitem').filter({ hasText: 'Aviso de Otávio Segundo: Rede montada no posto 3, cheguem 8h45.' }),
  ).toBeVisible();

  // ── The owner reads the game's history: every step, newest first, and who took it ──
  await ownerPage.goto(`/my-games/${gameId}/dia-do-jogo`);
  await expect(ownerPage.getByRole('list', { name: 'Histórico do jogo' }).getByRole('listitem')).toHaveText([
    /^Otávio Segundo adicionou o avulso Zé da Praia/,
    /^Otávio Segundo enviou um aviso aos confirmados/,
    /^Nina Nova entrou na lista e pagou R\$ 15,00 em créditos/,
    /^Otávio Segundo criou o jogo/,
  ]);
  await fitsThePhone(ownerPage);

  await Promise.all([ownerPhone.context, secondPhone.context, newcomerPhone.context].map((context) => context.close()));
});
