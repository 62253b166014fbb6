import { expect, test } from '@playwright/test';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

// Turmas on a phone (issue 44): the group that plays together, its join link, its organisers and its own games.
test.use({ viewport: { width: 390, height: 844 } });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date input value in São Paulo time, `days` from now. */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

test('an organiser creates a turma, a newcomer joins by its link, a second organiser creates a game only for the turma that no one else finds', async ({
  browser,
  request,
}) => {
  const turma = unique('Vôlei da Joaquina');
  const gameName = unique('Racha da turma');
  const owner = await registerPlayer(request, 'Olga Dona');
  const second = await registerPlayer(request, 'Otávio Segundo');
  const newcomer = await registerPlayer(request, 'Nina Nova');
  const stranger = await registerPlayer(request, 'Fábio Fora');

  // ── The owner creates the turma and copies its join link ──
  const ownerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/login');
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto('/turmas');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Minhas turmas' })).toBeVisible();
  await ownerPage.getByRole('link', { name: 'Criar turma' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Criar turma' })).toBeVisible();
  // Nothing typed: the form says what is missing, in Portuguese.
  await ownerPage.getByRole('button', { name: 'Criar turma' }).click();
  await expect(ownerPage.getByText('Dê um nome à turma.')).toBeVisible();
  await ownerPage.getByLabel('Nome da turma').fill(turma);
  await ownerPage.getByLabel('Estado').selectOption({ label: 'Santa Catarina (SC)' });
  await ownerPage.getByLabel('Cidade').selectOption({ label: 'Florianópolis' });
  await ownerPage.getByLabel('Descrição (opcional)').fill('Quintas à noite, nível intermediário.');
  await ownerPage.getByLabel(/^Privada/).check();
  await ownerPage.getByLabel(/^Com aprovação/).check();
  await ownerPage.getByRole('button', { name: 'Criar turma' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: turma })).toBeVisible();
  await expect(ownerPage).toHaveURL(/\/t\/volei-da-joaquina-/);
  await ownerPage.getByRole('button', { name: 'Copiar link de convite' }).click();
  await expect(ownerPage.getByText('Link de convite copiado!')).toBeVisible();
  const inviteUrl = await ownerPage.evaluate(() => navigator.clipboard.readText());
  expect(inviteUrl).toMatch(/\/t\/volei-da-joaquina-[a-z0-9-]+\?convite=/);
  const invitePath = new URL(inviteUrl).pathname + new URL(inviteUrl).search;
  // Pasted in WhatsApp, the link shows a preview: the server renders the page with its Open Graph tags.
  const html = await (await request.get(invitePath)).text();
  expect(html).toContain(`<meta property="og:title" content="${turma}">`);
  expect(html).toContain('Turma de Florianópolis (SC)');

  // ── A newcomer opens the link signed out, signs in and joins at once (a private turma with approval) ──
  const newcomerContext = await browser.newContext();
  const newcomerPage = await newcomerContext.newPage();
  await newcomerPage.goto(invitePath);
  await expect(newcomerPage.getByRole('heading', { level: 1, name: turma })).toBeVisible();
  await newcomerPage.getByRole('link', { name: 'Entrar para participar' }).click();
  await signIn(newcomerPage, newcomer.email, newcomer.password, newcomerPage.getByRole('heading', { level: 1, name: turma }));
  await newcomerPage.getByRole('button', { name: 'Entrar na turma' }).click();
  await expect(newcomerPage.getByText('Você é membro desta turma.')).toBeVisible();

  // The second organiser joins by the same link (through the API: the newcomer showed the screens).
  const token = new URL(inviteUrl).searchParams.get('convite');
  const groupId = Number(
    (
      (await (await request.get(`/api/users/me/groups`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as {
        group: { id: number; name: string };
      }[]
    ).find((entry) => entry.group.name === turma)!.group.id,
  );
  const joined = await request.post(`/api/groups/${groupId}/members`, {
    headers: { authorization: `Bearer ${second.token}` },
    data: { token },
  });
  expect(joined.ok()).toBe(true);

  // ── The owner makes them an organiser, then rewrites the turma's description; its address stays ──
  await ownerPage.reload();
  await ownerPage.getByLabel('Papel de Otávio Segundo').selectOption('organiser');
  await expect(ownerPage.getByText('Papel atualizado.')).toBeVisible();
  await ownerPage.getByRole('link', { name: 'Editar turma' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Editar turma' })).toBeVisible();
  await expect(ownerPage.getByLabel('Cidade')).toHaveValue(/\d+/);
  await ownerPage.getByLabel('Descrição (opcional)').fill('Quintas e sábados, nível intermediário.');
  await ownerPage.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: turma })).toBeVisible();
  await expect(ownerPage.getByText('Quintas e sábados, nível intermediário.')).toBeVisible();
  expect(new URL(ownerPage.url()).pathname).toBe(new URL(inviteUrl).pathname);

  // ── That organiser creates a game for the turma only ──
  const secondContext = await browser.newContext();
  const secondPage = await secondContext.newPage();
  await secondPage.goto('/login');
  await signIn(secondPage, second.email, second.password);
  await secondPage.goto(new URL(inviteUrl).pathname);
  await secondPage.getByRole('link', { name: 'Criar jogo da turma' }).click();
  await expect(secondPage.getByRole('heading', { level: 1, name: `Criar jogo da turma ${turma}` })).toBeVisible();
  await secondPage.getByLabel('Nome do jogo').fill(gameName);
  await secondPage.getByLabel('Local').fill('Praia da Joaquina');
  await secondPage.getByLabel('Data', { exact: true }).fill(saoPauloDay(4));
  await secondPage.getByLabel('Horário').fill('19:30');
  await secondPage.getByLabel('Preço (R$)').fill('15');
  await secondPage.getByLabel('Vagas').fill('12');
  await expect(secondPage.getByLabel(`Só a turma (${turma})`)).toBeChecked();
  await secondPage.getByLabel('Por fora (combinar diretamente)').check();
  await secondPage.getByLabel('Publicar imediatamente').check();
  await secondPage.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(secondPage.getByText('Jogo criado com sucesso!')).toBeVisible();

  // The newcomer finds it on the turma's page…
  await newcomerPage.reload();
  const gameLink = newcomerPage.getByRole('link', { name: new RegExp(gameName) });
  await expect(gameLink).toBeVisible();
  await gameLink.click();
  await expect(newcomerPage.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
  const gamePath = new URL(newcomerPage.url()).pathname;

  // …and someone outside the turma does not: "não encontrado".
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto('/login');
  await signIn(strangerPage, stranger.email, stranger.password);
  await strangerPage.goto(gamePath);
  await expect(strangerPage.getByRole('heading', { level: 1, name: /Jogo não encontrado/ })).toBeVisible();
  await strangerPage.goto(new URL(inviteUrl).pathname);
  await expect(strangerPage.getByRole('heading', { level: 1, name: 'Turma não encontrada' })).toBeVisible();

  await Promise.all([ownerContext, newcomerContext, secondContext, strangerContext].map((context) => context.close()));
});
