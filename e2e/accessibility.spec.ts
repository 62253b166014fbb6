import { expect, test, type Page } from '@playwright/test';
import { seriousViolationsInBothThemes } from './support/axe';
import { demoRoutes, openSettled, signInAs, type DemoIds, type Role } from './support/demo-routes';
import { createGame } from './support/games';
import { createAdmin, registerPlayer, unique, type Account } from './support/people';

// axe-core on every route of the four route tables, in both themes: no serious or critical
// violation (WCAG 2.1 A/AA rules, colour contrast included, plus axe's best practices). Each page is checked against
// every rule in the light theme and, repainted dark, against the rules that read colours.

const roles: Role[] = ['visitor', 'player', 'organiser', 'admin'];

// The people and games the routes show, like the demo data's: an organiser with a public game that has places left
// and a private one, a player with credits, an administrator.
let ids: DemoIds;
let people: Record<Exclude<Role, 'visitor'>, Account>;
test.beforeAll(async ({ request }) => {
  const organiser = await registerPlayer(request, 'Otávio Organizador');
  const player = await registerPlayer(request, 'Joana Jogadora', { credits: 100 });
  const admin = await createAdmin(request);
  const publicGameId = await createGame({
    name: unique('Vôlei de Quinta'),
    hoursAhead: 48,
    priceCents: 1500,
    totalSlots: 12,
    organiserEmail: organiser.email,
  });
  const created = await request.post('/api/user-games', {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: {
      name: unique('Vôlei dos Amigos (privado)'),
      location: 'Clube Doze de Agosto',
      dateTime: new Date(Date.now() + 5 * 24 * 3_600_000).toISOString(),
      price: 10,
      totalSlots: 12,
      description: 'Jogo fechado da turma: só com convite ou link.',
      visibility: 'private',
      usePlatformPayment: true,
      state: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const { game } = (await created.json()) as { game: { id: number; privateLink: string } };
  ids = { publicGameId, privateGameId: game.id, privateLink: game.privateLink, playerUserId: player.id };
  people = { organiser, player, admin };
});

for (const role of roles) {
  test(`${role}, temas claro e escuro: nenhuma violação séria ou crítica`, async ({ page }) => {
    test.setTimeout(180_000);
    if (role !== 'visitor') await signInAs(page, role, people[role]);
    for (const route of demoRoutes(role, ids)) {
      await test.step(route.path, async () => {
        await openSettled(page, route.path);
        expect.soft(await seriousViolationsInBothThemes(page), route.path).toEqual([]);
      });
    }
  });
}

test('menu recolhido aberto a 360 px, temas claro e escuro', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSettled(page, '/public-games');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
});

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByLabel']>, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('o Tab não chegou ao campo');
}

/** The focused element shows a focus ring (an outline or a box-shadow) that keyboard users can see. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.focusVisible).toBe(true);
  expect(ring.outline || ring.shadow).toBe(true);
}

test('só com o teclado: cadastro e login rotulados, foco visível, diálogo prende o foco e fecha com Esc', async ({ page }) => {
  const { admin } = people;
  await page.goto('/register');
  for (const label of ['Nome', 'E-mail', 'Senha']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();

  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await expectVisibleFocus(page);
  await page.keyboard.type(admin.email);
  await tabTo(page, page.getByLabel('Senha'));
  await expectVisibleFocus(page);
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();

  const leave = page.getByRole('button', { name: 'Voltar ao site' }).filter({ visible: true }).first();
  await leave.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Voltar ao site' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(leave).toBeFocused();
});
