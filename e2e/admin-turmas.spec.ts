import { expect, test } from '@playwright/test';
import { signIn } from './support/games';
import { createAdmin, registerPlayer, unique } from './support/people';

// The administration's turmas (issue 44, item 8; decision 083): found by name, suspended with a reason, the turma's page
// says so, and reactivated once confirmed.
test.use({ viewport: { width: 390, height: 844 } });

test('an administrator finds a turma, is asked for a reason, suspends it, its page tells visitors, and reactivating it lifts that', async ({
  page,
  request,
}) => {
  const owner = await registerPlayer(request, 'Olga Dona');
  const admin = await createAdmin(request);
  const name = unique('Vôlei do Campeche');
  const states = (await (await request.get('/api/games/states')).json()) as { id: number; uf: string }[];
  const sc = states.find((state) => state.uf === 'SC')!;
  const [city] = (await (await request.get(`/api/games/cities?stateId=${sc.id}`)).json()) as { id: number }[];
  const created = await request.post('/api/groups', {
    data: { name, description: 'Terças e quintas na praia.', cityId: city!.id, visibility: 'public', joinPolicy: 'open' },
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(created.status()).toBe(201);
  const { group } = (await created.json()) as { group: { slug: string } };

  await page.goto('/login');
  await signIn(page, admin.email, admin.password, page.getByRole('heading', { level: 1, name: 'Painel' }));
  await page.goto('/admin/turmas');
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();
  await page.getByLabel('Buscar pelo nome').fill(name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Olga Dona');
  await card.getByRole('button', { name: 'Suspender' }).click();

  // Without a reason, the dialog says what is missing and suspends nothing.
  const dialog = page.getByRole('dialog', { name: `Suspender ${name}` });
  await dialog.getByRole('button', { name: 'Suspender' }).click();
  await expect(dialog.getByText('Informe o motivo da suspensão.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Cobrança fora da plataforma');
  await dialog.getByRole('button', { name: 'Suspender' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Suspensa')).toBeVisible();
  await expect(card).toContainText('Motivo: Cobrança fora da plataforma');
  await expect(card.getByRole('button', { name: 'Suspender' })).toHaveCount(0);

  // The turma's page, seen by a visitor, says it was suspended and offers no way in.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/t/${group.slug}`);
  await expect(visitor.getByText('Esta turma foi suspensa pela administração do Bora Jogar.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Entrar para participar' })).toHaveCount(0);

  // The administrator reactivates it, confirming first; giving up in the dialog changes nothing.
  await card.getByRole('button', { name: 'Reativar turma' }).click();
  const confirm = page.getByRole('dialog', { name: `Reativar ${name}` });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('Suspensa')).toBeVisible();
  await card.getByRole('button', { name: 'Reativar turma' }).click();
  await confirm.getByRole('button', { name: 'Reativar turma' }).click();
  await expect(page.getByText(`Turma ${name} reativada: as pessoas podem entrar e os organizadores criar jogos de novo.`)).toBeVisible();
  await expect(card.getByText('Suspensa')).toHaveCount(0);
  await expect(card).not.toContainText('Motivo:');
  await expect(card.getByRole('button', { name: 'Suspender' })).toBeVisible();

  // The visitor's page no longer says it is suspended and offers the way in again.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText('Esta turma foi suspensa pela administração do Bora Jogar.')).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Entrar para participar' })).toBeVisible();
  await visitor.close();
});
