import { expect, test } from '@playwright/test';
import { signIn } from './support/games';
import { registerPlayer, unique } from './support/people';

// Avisos of a turma on a phone (issue 44, item 5; decision 078): its owner writes, a member reads and mutes it.
test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px: the owner sends an aviso on the turma page; a member reads it under Avisos and in their notifications, taps it back to the turma, has no form to send one, and mutes the turma', async ({
  browser,
  request,
}) => {
  const owner = await registerPlayer(request, 'Olga Dona');
  const member = await registerPlayer(request, 'Ana Lima');
  const ownerAuth = { authorization: `Bearer ${owner.token}` };

  // ── A turma of Florianópolis, the member in it by its join link ──
  const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
  const sc = states.find((state) => state.uf === 'SC')!;
  const cities = (await (await request.get(`/api/games/cities?stateId=${sc.id}`)).json()) as { id: number; name: string }[];
  const name = unique('Vôlei dos Avisos');
  const created = await request.post('/api/groups', {
    headers: ownerAuth,
    data: { name, cityId: cities.find((city) => city.name === 'Florianópolis')!.id },
  });
  expect(created.status()).toBe(201);
  const { group } = (await created.json()) as { group: { id: number; slug: string } };
  const ownerView = (await (await request.get(`/api/groups/${group.slug}`, { headers: ownerAuth })).json()) as { inviteUrl: string };
  const joined = await request.post(`/api/groups/${group.id}/members`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { token: new URL(ownerView.inviteUrl).searchParams.get('convite') },
  });
  expect(joined.status()).toBe(200);

  // ── The owner writes the aviso on the turma page ──
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/login');
  await signIn(ownerPage, owner.email, owner.password);
  await ownerPage.goto(`/t/${group.slug}`);
  await expect(ownerPage.getByRole('region', { name: 'Avisos' })).toContainText('Nenhum aviso por enquanto.');
  const form = ownerPage.getByRole('region', { name: 'Enviar aviso' });
  // An empty aviso is refused on the phone, before any request.
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(form.getByText('Escreva o aviso antes de enviar.')).toBeVisible();
  await form.getByLabel('Aviso').fill('Sábado tem churrasco depois do jogo.\nCada um leva a sua bebida.');
  await expect(form.getByText('63/1000 caracteres')).toBeVisible();
  await form.getByRole('button', { name: 'Enviar aviso' }).click();
  await expect(form.getByText('Aviso enviado para 1 pessoa.')).toBeVisible();
  await expect(ownerPage.getByRole('list', { name: 'Avisos da turma' }).getByRole('listitem')).toHaveCount(1);
  await ownerContext.close();

  // ── The member reads it under Avisos, its lines kept, and has no form to send one ──
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, member.email, member.password);
  await page.goto(`/t/${group.slug}`);
  const aviso = page.getByRole('list', { name: 'Avisos da turma' }).getByRole('listitem');
  await expect(aviso).toHaveCount(1);
  await expect(aviso.first()).toContainText('Aviso de Olga Dona');
  await expect(aviso.first().getByText('Sábado tem churrasco depois do jogo. Cada um leva a sua bebida.')).toHaveCSS(
    'white-space',
    'pre-line',
  );
  await expect(page.getByRole('region', { name: 'Enviar aviso' })).toHaveCount(0);

  // ── In their notifications too, where tapping it leads back to the turma ──
  await page.goto('/notifications');
  const notice = page.getByRole('listitem').filter({ hasText: 'Aviso de Olga Dona: Sábado tem churrasco depois do jogo.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Ver jogo' })).toHaveCount(0);
  await notice.getByRole('link', { name: 'Ver turma' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${group.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // ── The member mutes the turma and sees that it is muted, also after coming back ──
  await expect(page.getByTestId('turma-silenciada')).toHaveCount(0);
  await page.getByRole('button', { name: 'Silenciar turma' }).click();
  await expect(page.getByText(/^Turma silenciada: você continua vendo/)).toBeVisible();
  await expect(page.getByTestId('turma-silenciada')).toHaveText('Turma silenciada: sem e-mail nem push dos avisos e jogos novos dela.');
  await expect(page.getByRole('button', { name: 'Reativar avisos' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('turma-silenciada')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reativar avisos' })).toBeVisible();
  await context.close();
});
