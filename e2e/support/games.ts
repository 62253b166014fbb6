import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Account } from './people';
import { E2E_CONTROL_PORT } from './ports';

export type NewGame = {
  name: string;
  hoursAhead: number;
  totalSlots?: number;
  priceCents?: number;
  usePlatformPayment?: boolean;
  city?: string;
  /** The organiser, an account the journey made (e2e/support/people.ts); without it, the demo organiser, whom no journey signs in as. */
  organiserEmail?: string;
  /** Accounts the journey made, put on the game as confirmed players paid outside: a game that has started can hold them. */
  playerEmails?: string[];
};

/**
 * Inserts a published public game through the e2e server's control endpoint: one call, no
 * sign-in, any start. The API creates games too (`POST /api/user-games`, `POST /api/admin/games`); this is for
 * journeys that need a game but are not about creating one.
 */
export async function createGame(game: NewGame): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(game),
  });
  const reply = await res.text();
  expect(res.status, reply).toBe(201);
  return (JSON.parse(reply) as { id: number }).id;
}

/** An organiser's private game of 8 places at R$ 20,00, paid by the platform, published through the API at `dateTime`. */
export async function createPrivateGame(
  request: APIRequestContext,
  organiser: Account,
  game: { name: string; dateTime: string },
): Promise<{ id: number; privateLink: string }> {
  const created = await request.post('/api/user-games', {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: {
      ...game,
      location: 'Quadra do Clube Doze',
      address: 'Rua Bocaiúva, 2000',
      price: 20,
      totalSlots: 8,
      // Private: a public game asks for its sport, state and city, which these journeys are not about.
      visibility: 'private',
      usePlatformPayment: true,
      state: 'published',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { game: { id: number; privateLink: string } }).game;
}

/** The player takes a place in a private game with credits, through the API; the place is confirmed. */
export async function applyWithCredits(request: APIRequestContext, player: Account, game: { id: number; privateLink: string }) {
  const applied = await request.post(`/api/games/${game.id}/apply`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { paymentType: 'credit', privateLink: game.privateLink },
  });
  expect(((await applied.json()) as { registrationType: string }).registrationType).toBe('confirmed');
}

/** Signs in on the login page shown; waits for where that sign-in leads (home, unless a `next` says otherwise). */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  landsOn = page.getByRole('heading', { level: 1, name: /^Olá, / }),
): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(landsOn).toBeVisible();
}

/** `R$ 1.234,50` → 1234.5 */
export function parseBRL(text: string): number {
  const match = /R\$\s*([\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`sem valor em reais: ${text}`);
  return Number(match[1]!.replace(/\./g, '').replace(',', '.'));
}

/** The balance the header shows (desktop layout). */
export async function headerBalance(page: Page): Promise<number> {
  const text = await page.getByRole('banner').getByText(/^R\$/).first().textContent();
  return parseBRL(text ?? '');
}

/** Runs the reminder job now, through the e2e server's control endpoint (it also runs every minute on its own). */
export async function runReminders(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/reminders`, { method: 'POST' });
  expect(res.status).toBe(201);
}
