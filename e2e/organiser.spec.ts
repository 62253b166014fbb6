import { expect, test } from '@playwright/test';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date input value in São Paulo time, `days` from now. */
function saoPauloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}

test('an organiser creates a private game paid outside, a player joins by the link, and the cancel reaches the player', async ({
  browser,
  request,
}) => {
  const name = unique('Vôlei dos Amigos');
  const reason = 'A quadra foi interditada pela Defesa Civil';
  const account = await registerPlayer(request, 'Otávio Organizador');
  const playerAccount = await registerPlayer(request, 'Joana Jogadora');

  // ── The organiser creates the game through the form ──
  const organiserContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const organiser = await organiserContext.newPage();
  await organiser.goto('/login');
  await signIn(organiser, account.email, account.password);
  await organiser.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Meus jogos' }).click();
  await expect(organiser.getByRole('heading', { level: 1, name: 'Meus jogos' })).toBeVisible();
  await expect(organiser.getByRole('tab', { name: 'Publicados' })).toHaveAttribute('aria-selected', 'true');
  // The page's own button (a new organiser's empty list offers one more).
  await organiser.getByRole('main').getByRole('link', { name: 'Criar jogo', exact: true }).first().click();
  await expect(organiser.getByRole('heading', { level: 1, name: 'Criar jogo' })).toBeVisible();

  // Nothing filled: the shared rules answer in the server's words.
  await organiser.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(
    organiser.getByRole('alert').filter({ hasText: 'Preencha os campos obrigatórios: Nome, Local, Data e hora, Vagas' }),
  ).toBeVisible();

  await organiser.getByLabel('Nome do jogo').fill(name);
  await organiser.getByLabel('Local').fill('Quadra do Clube Doze');
  await organiser.getByLabel('Endereço (opcional)').fill('Rua Bocaiúva, 2000 - Centro, Florianópolis - SC');
  await organiser.getByLabel('Data', { exact: true }).fill(saoPauloDay(5));
  await organiser.getByLabel('Horário').fill('19:30');
  await organiser.getByLabel('Preço (R$)').fill('20');
  await organiser.getByLabel('Vagas').fill('8');
  await organiser.getByLabel('Descrição').fill('Vôlei misto entre amigos. Traga água!');
  await organiser.getByLabel('Privado (apenas por link)').check();
  await organiser.getByLabel('Por fora (combinar diretamente)').check();
  await expect(organiser.getByText(/combinar o pagamento diretamente com o organizador/)).toBeVisible();
  await organiser.getByLabel('Publicar imediatamente').check();
  await organiser.getByRole('button', { name: 'Criar jogo' }).click();
  await expect(organiser.getByText('Jogo criado com sucesso!')).toBeVisible();
  await expect(organiser).toHaveURL(/\/my-games$/);

  const card = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  for (const badge of ['Publicado', 'Privado', 'Por fora']) await expect(card.getByText(badge, { exact: true })).toBeVisible();
  await expect(card.getByText('R$ 20,00')).toBeVisible();
  await expect(card.getByText('0 de 8 vagas ocupadas · 8 livres', { exact: true })).toBeVisible();

  // ── The link: shown on the card and copied to the clipboard ──
  const link = await card.getByLabel('Link privado').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/games\/private\/[\w-]+$/);
  await card.getByRole('button', { name: 'Copiar link' }).click();
  await expect(organiser.getByText('Link copiado!')).toBeVisible();
  expect(await organiser.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(card.getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link)}`),
  );

  // ── A player, signed out, opens the link, signs in and lands back on the game ──
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await player.goto(link);
  await expect(player.getByRole('heading', { level: 1, name })).toBeVisible();
  await player.getByRole('button', { name: 'Entrar para participar' }).click();
  await expect(player).toHaveURL(/\/login$/);
  await player.getByLabel('E-mail').fill(playerAccount.email);
  await player.getByLabel('Senha').fill(playerAccount.password);
  await player.getByRole('button', { name: 'Entrar' }).click();
  await expect(player).toHaveURL(new URL(link).pathname);
  await expect(player.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(player.getByText('O organizador cobrará por fora. Combine diretamente com ele após a inscrição.')).toBeVisible();
  await player.getByRole('button', { name: 'Confirmar inscrição' }).click();
  await expect(player).toHaveURL(/\/confirmation\/\d+$/);

  // ── The organiser sees the registration ──
  await organiser.reload();
  await expect(card.getByText('1 de 8 vagas ocupadas · 7 livres', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Ver inscrições' }).click();
  const registrations = organiser.getByRole('dialog', { name: 'Inscrições do jogo' });
  const confirmed = registrations.getByRole('region', { name: /^Confirmados/ });
  await expect(confirmed.getByText(playerAccount.name)).toBeVisible();
  await expect(confirmed.getByText(playerAccount.email)).toBeVisible();
  await expect(confirmed.getByText('Por fora')).toBeVisible();
  await registrations.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(registrations).toBeHidden();

  // ── The organiser cancels with a reason ──
  await card.getByRole('button', { name: 'Cancelar' }).click();
  const cancelDialog = organiser.getByRole('dialog', { name: 'Cancelar jogo?' });
  await cancelDialog.getByRole('button', { name: 'Cancelar jogo' }).click();
  await expect(cancelDialog.getByText('Informe o motivo do cancelamento.')).toBeVisible();
  await cancelDialog.getByLabel('Motivo do cancelamento').fill(reason);
  await cancelDialog.getByRole('button', { name: 'Cancelar jogo' }).click();
  await expect(organiser.getByText('Jogo cancelado. Todos os inscritos foram avisados.', { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await organiser.getByRole('tab', { name: 'Cancelados' }).click();
  const cancelledCard = organiser.getByRole('listitem').filter({ has: organiser.getByRole('heading', { name }) });
  await expect(cancelledCard.getByRole('button', { name: 'Jogo cancelado' })).toBeDisabled();
  await expect(cancelledCard.getByText(reason)).toBeVisible();

  // ── The player is told, with the reason ──
  await player.goto('/notifications');
  await expect(player.getByRole('listitem').filter({ hasText: name }).filter({ hasText: reason }).first()).toBeVisible();

  await playerContext.close();
  await organiserContext.close();
});
