import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { postCreditTransaction } from '../../src/server/core/credits/post-credit-transaction';
import { descriptionToHtml } from '../../src/server/core/games/description-html';
import { generatePrivateLink } from '../../src/server/core/games/private-link';
import type { Db } from '../../src/server/db/open-database';
import { cities, games, registrations, type SeriesTemplate, sports, states, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import { TEST_NOW } from './test-app';

export const DEFAULT_PASSWORD = 'senha-forte-123';
// Hashing is deliberately slow; factories share one hash of the default password.
const defaultHash = hashPassword(DEFAULT_PASSWORD);

/** No balance: the database keeps it from the ledger (decision 038); give credits with addCredits. */
type UserOverrides = Partial<Omit<typeof users.$inferInsert, 'balanceCents'>> & { password?: string };

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const { password, ...values } = overrides;
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      name: `Jogador ${suffix}`,
      email: `jogador-${suffix}@exemplo.com.br`,
      phone: '48991234567',
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      ...values,
    })
    .returning();
  return user!;
}

/** A user and a valid bearer token for them. */
export async function createSignedInUser(app: FastifyInstance, overrides: UserOverrides = {}) {
  const user = await createUser(app.ctx.db, overrides);
  const token = await app.ctx.tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

type GameOverrides = Partial<typeof games.$inferInsert>;

/** A published, public, active platform-payment game (R$ 10, 10 slots) a week after TEST_NOW. */
export async function createGame(db: Db, overrides: GameOverrides = {}) {
  const suffix = randomBytes(3).toString('hex');
  const description = overrides.description ?? 'Traga água e chegue 10 minutos antes.';
  const [game] = await db
    .insert(games)
    .values({
      name: `Vôlei de quinta ${suffix}`,
      location: 'Ginásio do Centro',
      address: 'Rua das Flores, 100 - Centro, Florianópolis - SC',
      dateTime: new Date(TEST_NOW.getTime() + 7 * DAY_MS),
      priceCents: 1000,
      totalSlots: 10,
      description,
      descriptionHtml: descriptionToHtml(description),
      visibility: 'public',
      usePlatformPayment: true,
      state: 'published',
      status: 'active',
      privateLink: generatePrivateLink(),
      creatorId: overrides.creatorId ?? (await createUser(db)).id,
      ...overrides,
    })
    .returning();
  return game!;
}

/** What a weekly series written directly is made of: the game's own fields (see `series.template`). */
export function seriesTemplateOfGame(game: typeof games.$inferSelect): SeriesTemplate {
  const {
    name,
    location,
    address,
    priceCents,
    totalSlots,
    description,
    descriptionHtml,
    visibility,
    usePlatformPayment,
    sportId,
    stateId,
    cityId,
  } = game;
  return {
    name,
    location,
    address,
    priceCents,
    totalSlots,
    description,
    descriptionHtml,
    visibility,
    usePlatformPayment,
    sportId,
    stateId,
    cityId,
  };
}

/**
 * A registration written directly, to set up a game's state (a full game, a line). Paid ones
 * bypass the ledger, so give them a card `paymentType`, never `credit`.
 */
export async function createRegistration(
  db: Db,
  values: Pick<typeof registrations.$inferInsert, 'gameId' | 'userId' | 'status'> & Partial<typeof registrations.$inferInsert>,
) {
  const [registration] = await db
    .insert(registrations)
    .values({ joinedAt: TEST_NOW, paymentType: values.status === 'confirmed' ? 'external' : null, ...values })
    .returning();
  return registration!;
}

/** Adds credits the way an admin would: through the ledger. */
export async function addCredits(db: Db, userId: number, cents: number) {
  await db.transaction((tx) =>
    postCreditTransaction(tx, {
      userId,
      amountCents: cents,
      type: 'add_manual',
      description: 'Crédito de teste',
      source: 'admin',
      reference: `test:${randomBytes(8).toString('hex')}`,
    }),
  );
}

/** Ids of the seeded reference data tests filter by. */
export async function referenceIds(db: Db) {
  const sportRows = await db
    .select()
    .from(sports)
    .where(inArray(sports.name, ['Vôlei', 'Beach Tennis']));
  const [sc] = await db.select().from(states).where(eq(states.uf, 'SC'));
  const cityRows = await db
    .select()
    .from(cities)
    .where(and(eq(cities.stateId, sc!.id), inArray(cities.name, ['Florianópolis', 'Joinville', 'Blumenau'])));
  const sport = (name: string) => sportRows.find((row) => row.name === name)!.id;
  const city = (name: string) => cityRows.find((row) => row.name === name)!.id;
  return {
    volei: sport('Vôlei'),
    beachTennis: sport('Beach Tennis'),
    santaCatarina: sc!.id,
    florianopolis: city('Florianópolis'),
    joinville: city('Joinville'),
    blumenau: city('Blumenau'),
  };
}

/**
 * The body of `POST /api/user-games` for a free, published volleyball game in Florianópolis on 26 November 2026 (a turma's
 * with `groupId` in `overrides`).
 */
export function turmaGamePayload(ref: Awaited<ReturnType<typeof referenceIds>>, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Racha da turma',
    location: 'Praia da Joaquina',
    dateTime: '2026-11-26T19:30',
    price: 0,
    free: true,
    totalSlots: 12,
    usePlatformPayment: false,
    state: 'published',
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    ...overrides,
  };
}
