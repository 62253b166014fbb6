// Every route of the spec's route tables, with real ids: read from the e2e server's demo data (src/server/seed-demo.ts)
// by the screenshot script, or of the people and games the accessibility spec makes.
import { expect, type Page } from '@playwright/test';

export type Role = 'visitor' | 'player' | 'organiser' | 'admin';
export type Theme = 'light' | 'dark';
export type DemoRoute = { path: string; name: string };

export const demoLogins: Record<Exclude<Role, 'visitor'>, { email: string; password: string }> = {
  player: { email: 'jogador@borajogar.com.br', password: 'jogador123' },
  organiser: { email: 'organizador@borajogar.com.br', password: 'organizador123' },
  admin: { email: 'admin@borajogar.com.br', password: 'admin123' },
};

export type DemoIds = {
  /** A public game of the demo organiser with slots left. */
  publicGameId: number;
  /** The demo organiser's private game and its link. */
  privateGameId: number;
  privateLink: string;
  /** The demo player, as the admin opens them. */
  playerUserId: number;
};

type UserGame = { id: number; name: string; visibility: 'public' | 'private'; privateLink: string; remainingSlots: number };

async function login(baseURL: string, role: Exclude<Role, 'visitor'>): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoLogins[role]),
  });
  if (!res.ok) throw new Error(`login de ${role} falhou: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function getJson<T>(baseURL: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path} falhou: ${res.status}`);
  return (await res.json()) as T;
}

/** Reads the ids of the demo data through the public API. */
export async function demoIds(baseURL: string): Promise<DemoIds> {
  const organiserToken = await login(baseURL, 'organiser');
  const games = await getJson<UserGame[]>(baseURL, '/user-games?filter=active', organiserToken);
  const publicGame =
    games.find((g) => g.visibility === 'public' && g.name === 'Vôlei de Quinta no Estreito') ??
    games.find((g) => g.visibility === 'public');
  const privateGame = games.find((g) => g.visibility === 'private');
  if (!publicGame || !privateGame) throw new Error('dados de demonstração sem jogo público ou privado');

  const adminToken = await login(baseURL, 'admin');
  const users = await getJson<{ users: { id: number; email: string }[] }>(
    baseURL,
    `/admin/users?search=${encodeURIComponent(demoLogins.player.email)}`,
    adminToken,
  );
  const player = users.users.find((u) => u.email === demoLogins.player.email);
  if (!player) throw new Error('jogadora de demonstração não encontrada');

  return { publicGameId: publicGame.id, privateGameId: privateGame.id, privateLink: privateGame.privateLink, playerUserId: player.id };
}

/** The routes of each role's tree (src/web/app/routes.tsx), one entry per page. */
export function demoRoutes(role: Role, ids: DemoIds): DemoRoute[] {
  const staticPages: DemoRoute[] = [
    { path: '/terms', name: 'termos' },
    { path: '/privacy', name: 'privacidade' },
    { path: '/support', name: 'suporte' },
  ];
  const privateGame: DemoRoute = { path: `/games/private/${ids.privateLink}`, name: 'jogo-privado' };
  switch (role) {
    case 'visitor':
      return [
        { path: '/', name: 'inicio' },
        { path: '/public-games', name: 'jogos-abertos' },
        ...staticPages,
        { path: '/login', name: 'login' },
        { path: '/register', name: 'cadastro' },
        { path: '/forgot', name: 'esqueci-a-senha' },
        { path: '/reset-password', name: 'redefinir-senha' },
        { path: `/apply/${ids.publicGameId}`, name: 'jogo-por-link' },
        privateGame,
      ];
    case 'player':
      return [
        { path: '/', name: 'inicio' },
        { path: '/games', name: 'jogos' },
        { path: `/apply/${ids.publicGameId}`, name: 'detalhes-do-jogo' },
        { path: `/confirmation/${ids.publicGameId}`, name: 'confirmacao' },
        { path: `/waitlist/${ids.publicGameId}`, name: 'lista-de-espera' },
        { path: '/profile', name: 'perfil' },
        { path: '/add-credit', name: 'adicionar-creditos' },
        { path: '/notifications', name: 'notificacoes' },
        { path: '/payment-success', name: 'pagamento' },
        { path: '/invitations', name: 'convites' },
        ...staticPages,
        privateGame,
      ];
    case 'organiser':
      return [
        { path: '/my-games', name: 'meus-jogos' },
        { path: '/my-games/new', name: 'criar-jogo' },
        { path: `/my-games/${ids.publicGameId}`, name: 'editar-jogo' },
        { path: `/my-games/${ids.privateGameId}`, name: 'editar-jogo-privado' },
        { path: `/my-games/${ids.publicGameId}/dia-do-jogo`, name: 'dia-do-jogo' },
        { path: '/my-games/earnings', name: 'recebimentos' },
      ];
    case 'admin':
      return [
        { path: '/admin', name: 'admin-painel' },
        { path: '/admin/users', name: 'admin-usuarios' },
        { path: `/admin/users/${ids.playerUserId}`, name: 'admin-usuario' },
        { path: '/admin/games', name: 'admin-jogos' },
        { path: '/admin/games/new', name: 'admin-criar-jogo' },
        { path: `/admin/games/${ids.publicGameId}`, name: 'admin-editar-jogo' },
        { path: `/admin/games/${ids.publicGameId}/dia-do-jogo`, name: 'admin-dia-do-jogo' },
        { path: '/admin/cancellations', name: 'admin-cancelamentos' },
        { path: '/admin/payouts', name: 'admin-repasses' },
      ];
  }
}

/** Picks the theme before any script runs, as a returning visitor's stored choice would. */
export async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}

/** Signs in through the login form (as the demo account of `role`, or as `account`) and waits for the tree of that role. */
export async function signInAs(
  page: Page,
  role: Exclude<Role, 'visitor'>,
  account: { email: string; password: string } = demoLogins[role],
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const heading =
    role === 'admin' ? page.getByRole('heading', { level: 1, name: 'Painel' }) : page.getByRole('heading', { level: 1, name: /^Olá, / });
  await expect(heading).toBeVisible();
}

/** Opens `path` and waits until the page has its heading and no request or loader is pending. */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Carregando...')).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}
