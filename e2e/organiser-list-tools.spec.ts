import { expect, test } from '@playwright/test';
import { createGame, signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the organiser runs the WhatsApp list: a "+1" by name, players see who is going, a removal refunds, the link is shared', async ({
  page,
  browser,
  request,
}) => {
  const name = unique('Vôlei da Lista');
  const organiser = await registerPlayer(request, 'Olga Organizadora');
  const gameId = await createGame({ name, hoursAhead: 96, totalSlots: 4, priceCents: 1500, organiserEmail: organiser.email });

  // Two players pay their places with credits.
  const paula = await registerPlayer(request, 'Paula Pagante', { credits: 20 });
  const bruno = await registerPlayer(request, 'Bruno Costa', { credits: 20 });
  for (const player of [paula, bruno]) {
    const applied = await request.post(`/api/games/${gameId}/apply`, {
      data: { paymentType: 'credit' },
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');
  }
  const balanceOf = async (token: string) =>
    ((await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { credits: number }).credits;
  expect(await balanceOf(paula.token)).toBe(5);

  // The browser has no share sheet here: the button offers the link and WhatsApp instead.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
  await page.goto('/login');
  await signIn(page, organiser.email, organiser.password);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Meus jogos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meus jogos' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

  await card.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(card.getByLabel('Link do jogo')).toHaveValue(new RegExp(`/apply/${gameId}$`));
  await expect(card.getByRole('link', { name: /Enviar no WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);

  // A "+1" by name takes a place.
  await card.getByRole('button', { name: 'Ver inscrições' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inscrições do jogo' });
  await dialog.getByLabel('Adicionar avulso ou +1 (só o nome)').fill('Pedro Lima');
  await dialog.getByRole('button', { name: 'Adicionar à lista' }).click();
  await expect(page.getByText('Pedro Lima foi adicionado(a) à lista.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: /^Avulsos/ }).getByText('Pedro Lima')).toBeVisible();

  // A player sees "Quem vai": first names and initials, in order, the walk-in marked; 3 of 4 places taken.
  const brunoContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const brunoPage = await brunoContext.newPage();
  await brunoPage.goto('/login');
  await signIn(brunoPage, bruno.email, bruno.password);
  await brunoPage.goto(`/apply/${gameId}`);
  const whoIsGoing = brunoPage.getByRole('region', { name: 'Quem vai' });
  await expect(whoIsGoing.getByText('3 de 4 vagas ocupadas', { exact: true })).toBeVisible();
  await expect(whoIsGoing.getByRole('listitem')).toHaveText(['1.Paula P.', '2.Bruno C.', '3.Pedro L.avulso']);
  await expect(brunoPage.getByRole('button', { name: 'Compartilhar' })).toBeVisible();
  expect(await brunoPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The organiser removes Paula after a confirmation: refunded in full.
  await dialog.getByRole('button', { name: 'Remover Paula Pagante' }).click();
  const question = page.getByRole('alertdialog', { name: 'Remover Paula Pagante do jogo?' });
  await expect(question).toContainText(/Os R\$\s15,00 pagos com créditos voltam inteiros para os créditos de Paula Pagante, na hora\./);
  await question.getByRole('button', { name: 'Remover e reembolsar' }).click();
  await expect(page.getByText(/Jogador removido e avisado\. R\$\s15,00 voltaram aos créditos dele\./)).toBeVisible();
  expect(await balanceOf(paula.token)).toBe(20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Bruno's page, read again, no longer lists her.
  await brunoPage.reload();
  await expect(whoIsGoing.getByRole('listitem')).toHaveText(['1.Bruno C.', '2.Pedro L.avulso']);
  await brunoContext.close();
});
