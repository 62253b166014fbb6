// The people a journey acts as. Journeys run side by side against one server, so each makes its own accounts, with
// e-mails no other journey (on any worker, in any project) uses, and never signs in as the demo accounts.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_CONTROL_PORT } from './ports';
import { emailSlug } from './slug';

export type Account = { id: number; name: string; email: string; password: string; token: string };

/** `Vôlei da Fila` → `Vôlei da Fila 3f9a1c2e`: a name no other journey's game, running at the same time, has. */
export function unique(name: string): string {
  return `${name} ${randomUUID().slice(0, 8)}`;
}

/** `Ana Souza` → `ana.souza.3f9a1c2e@exemplo.com.br` */
export function uniqueEmail(name: string): string {
  return `${emailSlug(name)}.${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

type AuthReply = { token: string; user: { id: number } };

/**
 * A new player registered through the public API, with a phone (the app asks a new account for one before anything
 * else) and, when `credits` (reais) is given, that balance from the sandbox's instant top-up. Anyone who creates games
 * is an organiser: a journey's organiser is a player made here.
 */
export async function registerPlayer(request: APIRequestContext, name: string, options: { credits?: number } = {}): Promise<Account> {
  const email = uniqueEmail(name);
  const password = 'senha-boa-123';
  const registered = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as AuthReply;
  const headers = { authorization: `Bearer ${token}` };
  const phone = await request.put('/api/users/phone', { data: { phone: '48991230000' }, headers });
  expect(phone.ok()).toBe(true);
  if (options.credits) {
    const added = await request.post('/api/credits/add', { data: { amount: options.credits }, headers });
    expect(added.ok()).toBe(true);
  }
  return { id: user.id, name, email, password, token };
}

/** A new administrator, made by the e2e server's control endpoint (the API makes only players), signed in through the API. */
export async function createAdmin(request: APIRequestContext, name = 'Admin da Jornada'): Promise<Account> {
  const email = uniqueEmail(name);
  const password = 'senha-do-admin-1';
  await control('/admins', { name, email, password });
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  const { token, user } = (await login.json()) as AuthReply;
  return { id: user.id, name, email, password, token };
}

async function control(path: string, body: object): Promise<unknown> {
  const reply = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status).toBe(201);
  return reply.json();
}

/** `count` players named "NAME 1" to "NAME count", made at once by the control endpoint (`name` must be the journey's own). */
export async function createPlayers(name: string, count: number): Promise<number[]> {
  return ((await control('/players', { name, count })) as { ids: number[] }).ids;
}

/** `count` card top-ups never paid, for the player `userId`. */
export async function createUnpaidTopUps(userId: number, count: number): Promise<void> {
  await control('/payments', { userId, count });
}
