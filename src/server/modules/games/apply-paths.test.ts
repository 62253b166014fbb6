import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addCredits, createGame, createRegistration, createUser, HOUR_MS } from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { GAMES_CHANNEL } from '../../db/change-feed';
import {
  creditTransactions,
  emailOutbox,
  gameWalkIns,
  games,
  notifications,
  organiserEarnings,
  payments,
  registrations,
  users,
} from '../../db/schema';
import type * as FastApply from './fast-apply';

// The common apply has two implementations: the `fast_apply` function (one statement, decision 032) and applyToGame's
// full path, which stays the description of every rule. Every scenario here runs through both, on fresh rows each time,
// and what each wrote must be the same row for row: a rule added to, or changed in, one path only fails here.

const fastPath = vi.hoisted(() => ({ on: true, served: false }));

// The full path is forced by making the one-statement attempt answer "not mine"; in fast mode it runs as in
// production, and the test remembers whether it served the apply (a reply or a refusal) or left it to the full path.
vi.mock('./fast-apply', async (importOriginal) => {
  const real = await importOriginal<typeof FastApply>();
  return {
    ...real,
    tryFastApply: async (...args: Parameters<typeof real.tryFastApply>) => {
      if (!fastPath.on) return undefined;
      try {
        const reply = await real.tryFastApply(...args);
        fastPath.served = reply !== undefined;
        return reply;
      } catch (error) {
        fastPath.served = true;
        throw error;
      }
    },
  };
});

// A fee that leaves half centavos to round (decision 045): both paths must write the same organiser's share.
const t = setUpTestApp({ env: { PLATFORM_FEE_PERCENT: '7' } });
const db = () => t.app.ctx.db;

type GameOverrides = Partial<typeof games.$inferInsert>;
type Body = { paymentType?: 'credit' | 'stripe' | 'mercadopago'; privateLink?: string };

type Built = {
  gameId: number;
  /** The caller and everyone else the scenario wrote, by name: their rows are compared under these names. */
  people: Record<string, { id: number; email: string }>;
  body: Body;
  tokenVersion?: number;
};

type Scenario = {
  name: string;
  /** Which path the production code takes for it: the fast path must really be tried where it can serve. */
  servedBy: 'fast' | 'full';
  /** What the caller gets: the reply decides, whatever status the error model gives a refusal. */
  outcome: 'confirmed' | 'waitlist' | 'refused';
  build: () => Promise<Built>;
};

/** The game every scenario applies to, the same in both runs (its name goes into notices and the ledger). */
const game = (overrides: GameOverrides = {}) =>
  createGame(db(), { name: 'Vôlei da comparação', priceCents: 1500, totalSlots: 2, ...overrides });
const person = async (overrides: Parameters<typeof createUser>[1] = {}, cents = 0) => {
  const user = await createUser(db(), overrides);
  if (cents > 0) await addCredits(db(), user.id, cents);
  return user;
};
const past = new Date(TEST_NOW.getTime() - HOUR_MS);
const later = new Date(TEST_NOW.getTime() + HOUR_MS);

const scenarios: Scenario[] = [
  {
    name: 'a free place paid with credits',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game()).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'the exact price in credits, after another player took a place',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const [player, other] = [await person({}, 1500), await person()];
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: other.id, status: 'confirmed' });
      return { gameId: id, people: { player, other }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a price whose fee rounds half up',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ priceCents: 1250 })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: "an administrator's game earns nobody a share",
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const [player, admin] = [await person({}, 2000), await person({ role: 'admin' })];
      return { gameId: (await game({ creatorId: admin.id })).id, people: { player, admin }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'not enough credits',
    servedBy: 'fast',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 1499);
      return { gameId: (await game()).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a full game puts the caller in line at the price in force, behind whoever waits',
    servedBy: 'fast',
    outcome: 'waitlist',
    build: async () => {
      const [player, first, second, waiting] = [await person({}, 500), await person(), await person(), await person()];
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: first.id, status: 'confirmed' });
      // A hold still within its deadline keeps its place.
      await createRegistration(db(), { gameId: id, userId: second.id, status: 'pending', paymentType: 'stripe', paymentDeadline: later });
      await createRegistration(db(), { gameId: id, userId: waiting.id, status: 'waitlist', waitlistPriceCents: 1000 });
      return { gameId: id, people: { player, first, second, waiting }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'walk-ins the organiser added fill the game: the caller waits in line (decision 047)',
    servedBy: 'fast',
    outcome: 'waitlist',
    build: async () => {
      const [player, organiser, first] = [await person({}, 2000), await person(), await person()];
      const { id } = await game({ creatorId: organiser.id });
      await createRegistration(db(), { gameId: id, userId: first.id, status: 'confirmed' });
      await db().insert(gameWalkIns).values({ gameId: id, name: 'Primo da Ana', addedBy: organiser.id });
      return { gameId: id, people: { player, organiser, first }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a walk-in takes one of two places: the caller gets the other',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const [player, organiser] = [await person({}, 2000), await person()];
      const { id } = await game({ creatorId: organiser.id });
      await db().insert(gameWalkIns).values({ gameId: id, name: 'Primo da Ana', addedBy: organiser.id });
      return { gameId: id, people: { player, organiser }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a hold past its deadline frees its place first',
    servedBy: 'full',
    outcome: 'confirmed',
    build: async () => {
      const [player, first, holder] = [await person({}, 2000), await person(), await person()];
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: first.id, status: 'confirmed' });
      await createRegistration(db(), { gameId: id, userId: holder.id, status: 'pending', paymentType: 'stripe', paymentDeadline: past });
      return { gameId: id, people: { player, first, holder }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'already registered',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: player.id, status: 'confirmed' });
      return { gameId: id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'already in line',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: player.id, status: 'waitlist', waitlistPriceCents: 1500 });
      return { gameId: id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a place the caller holds, paid now with credits',
    servedBy: 'full',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: player.id, status: 'pending', paymentType: 'stripe', paymentDeadline: later });
      return { gameId: id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'back after cancelling an earlier registration',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      const { id } = await game();
      await createRegistration(db(), { gameId: id, userId: player.id, status: 'cancelled', cancelledFrom: 'confirmed', cancelledAt: past });
      return { gameId: id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a draft game',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ state: 'draft' })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a game that started',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ dateTime: past })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a cancelled game',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ status: 'cancelled' })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a game that does not exist',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => ({ gameId: 2_000_000_000, people: { player: await person({}, 2000) }, body: { paymentType: 'credit' } }),
  },
  {
    name: 'a private game without its link',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ visibility: 'private' })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a private game with its link',
    servedBy: 'full',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      const { id, privateLink } = await game({ visibility: 'private' });
      return { gameId: id, people: { player }, body: { paymentType: 'credit', privateLink: privateLink! } };
    },
  },
  {
    name: 'a private game of the caller',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      return {
        gameId: (await game({ visibility: 'private', creatorId: player.id })).id,
        people: { player },
        body: { paymentType: 'credit' },
      };
    },
  },
  {
    name: 'no phone',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({ phone: null }, 2000);
      return { gameId: (await game()).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a token a password change ended',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({ tokenVersion: 1 }, 2000);
      return { gameId: (await game()).id, people: { player }, body: { paymentType: 'credit' }, tokenVersion: 0 };
    },
  },
  {
    name: 'a platform game without saying how to pay',
    servedBy: 'full',
    outcome: 'refused',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game()).id, people: { player }, body: {} };
    },
  },
  {
    name: 'payment outside the platform',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person({}, 2000);
      return { gameId: (await game({ usePlatformPayment: false })).id, people: { player }, body: {} };
    },
  },
  {
    name: 'payment outside the platform, asked to use credits',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person();
      return { gameId: (await game({ usePlatformPayment: false })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a free platform game with no credits',
    servedBy: 'fast',
    outcome: 'confirmed',
    build: async () => {
      const player = await person();
      return { gameId: (await game({ priceCents: 0 })).id, people: { player }, body: { paymentType: 'credit' } };
    },
  },
  {
    name: 'a full free game',
    servedBy: 'fast',
    outcome: 'waitlist',
    build: async () => {
      const [player, other] = [await person(), await person()];
      const { id } = await game({ priceCents: 0, totalSlots: 1 });
      await createRegistration(db(), { gameId: id, userId: other.id, status: 'confirmed' });
      return { gameId: id, people: { player, other }, body: { paymentType: 'credit' } };
    },
  },
];

/** The games announced as changed, from the feed every instance listens to (the sentinel ends a look at it). */
async function gamesAnnouncedDuring(action: () => Promise<void>): Promise<number[]> {
  const heard: number[] = [];
  const sentinel = 2_100_000_000 + Math.floor(Math.random() * 1_000_000);
  let sentinelHeard: () => void = () => {};
  const done = new Promise<void>((resolve) => (sentinelHeard = resolve));
  const stop = t.app.ctx.changes.subscribeGames((ids) => {
    for (const id of ids ?? []) {
      if (id === sentinel) sentinelHeard();
      else heard.push(id);
    }
  });
  try {
    await action();
    await db().execute(sql`select pg_notify(${GAMES_CHANNEL}, ${String(sentinel)})`);
    await done;
  } finally {
    stop();
  }
  return heard;
}

/** Ids, e-mail addresses, references and timestamps as names: the same write gives the same rows in both runs. */
function normaliser(built: Built, personNames: Map<string, string>) {
  const names = new Map<string, string>(personNames);
  for (const [name, { id, email }] of Object.entries(built.people)) {
    names.set(`user:${id}`, name);
    names.set(`email:${email}`, name);
  }
  names.set(`game:${built.gameId}`, 'game');
  const idColumns: Record<string, string> = {
    userId: 'user',
    createdBy: 'user',
    aboutUserId: 'user',
    processedBy: 'user',
    organiserId: 'user',
    gameId: 'game',
    registrationId: 'registration',
  };
  const value = (key: string, v: unknown): unknown => {
    if (v instanceof Date) {
      if (v.getTime() === TEST_NOW.getTime()) return 'now';
      // Written by the database's own clock (a column default), not the app's: only that it was written counts.
      if (Math.abs(v.getTime() - Date.now()) < 10 * 60_000) return 'database now';
      return v.toISOString();
    }
    if (typeof v === 'number' && idColumns[key]) return names.get(`${idColumns[key]}:${v}`) ?? `${idColumns[key]} outside the scenario`;
    // An e-mail's own Message-ID, random: only that it has one counts.
    if (key === 'messageId') return typeof v === 'string' && v.length > 0 ? 'a message id' : v;
    if (typeof v === 'string') {
      let text = v
        .replace(/registration:(\d+)/g, (_, id: string) => `registration:${names.get(`registration:${id}`) ?? '?'}`)
        // The factory's top-ups, each with a reference of its own.
        .replace(/^test:[0-9a-f]+$/, 'test:top-up');
      for (const [key, name] of names) {
        if (key.startsWith('email:') || key.startsWith('name:')) text = text.split(key.slice(key.indexOf(':') + 1)).join(`<${name}>`);
      }
      // The organiser's e-mail: the game's page and the unsubscribe link (signed with the account's id and the clock).
      return text.replaceAll(`/apply/${built.gameId}`, '/apply/<game>').replace(/\/api\/unsubscribe\/[\w.-]+/g, '/api/unsubscribe/<token>');
    }
    // An e-mail's headers.
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, value(k, inner)]));
    return v;
  };
  return {
    registrationsInOrder(ids: number[]) {
      ids.forEach((id, index) => names.set(`registration:${id}`, `r${index + 1}`));
    },
    rows: <T extends Record<string, unknown>>(rows: T[]) =>
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => key !== 'id' && key !== 'createdAt')
            .map(([key, v]) => [key, value(key, v)]),
        ),
      ),
    reply: (body: unknown) => JSON.parse(JSON.stringify(body), (key, v: unknown) => value(key, v)) as unknown,
  };
}

/** Builds the scenario afresh, applies once through the chosen path, and reads back everything the apply could write. */
async function run(scenario: Scenario, fast: boolean) {
  const built = await scenario.build();
  // The game's organiser hears of the apply (a notice, its e-mail): their rows are compared too.
  const [organiser] = await db()
    .select({ id: users.id, email: users.email })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .where(eq(games.id, built.gameId));
  if (organiser && !Object.values(built.people).some((p) => p.id === organiser.id)) built.people.organiser = organiser;
  const caller = built.people.player!;
  const userIds = Object.values(built.people).map((p) => p.id);
  const emails = Object.values(built.people).map((p) => p.email);
  const token = await t.app.ctx.tokens.issue({ userId: caller.id, tokenVersion: built.tokenVersion ?? 0 });
  fastPath.on = fast;
  fastPath.served = false;
  let response!: Awaited<ReturnType<typeof t.app.inject>>;
  const announced = await gamesAnnouncedDuring(async () => {
    response = await t.app.inject({
      method: 'POST',
      url: `/api/games/${built.gameId}/apply`,
      headers: { authorization: `Bearer ${token}` },
      payload: built.body,
    });
  });
  const served = fastPath.served;
  // The one-statement path queues the organiser's e-mail right after its reply.
  await t.app.ctx.mailer.idle();

  const personNames = new Map<string, string>();
  for (const [name, { id }] of Object.entries(built.people)) {
    const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, id));
    personNames.set(`name:${row!.name}`, name);
  }
  const normalise = normaliser(built, personNames);
  const registrationRows = await db()
    .select()
    .from(registrations)
    .where(or(eq(registrations.gameId, built.gameId), inArray(registrations.userId, userIds)))
    .orderBy(asc(registrations.id));
  normalise.registrationsInOrder(registrationRows.map((row) => row.id));
  const written = {
    status: response.statusCode,
    reply: normalise.reply(response.json()),
    registrations: normalise.rows(registrationRows),
    ledger: normalise.rows(
      await db().select().from(creditTransactions).where(inArray(creditTransactions.userId, userIds)).orderBy(asc(creditTransactions.id)),
    ),
    balances: Object.fromEntries(
      await Promise.all(
        Object.entries(built.people).map(async ([name, { id }]) => [
          name,
          (await db().select({ b: users.balanceCents }).from(users).where(eq(users.id, id)))[0]!.b,
        ]),
      ),
    ),
    notifications: normalise.rows(
      await db().select().from(notifications).where(inArray(notifications.userId, userIds)).orderBy(asc(notifications.id)),
    ),
    emails: normalise.rows(await db().select().from(emailOutbox).where(inArray(emailOutbox.to, emails)).orderBy(asc(emailOutbox.id))),
    payments: normalise.rows(await db().select().from(payments).where(inArray(payments.userId, userIds)).orderBy(asc(payments.id))),
    earnings: normalise.rows(
      await db().select().from(organiserEarnings).where(eq(organiserEarnings.gameId, built.gameId)).orderBy(asc(organiserEarnings.id)),
    ),
    announced: announced.map((id) => (id === built.gameId ? 'game' : 'another game')),
  };
  return { served, written };
}

describe('the common apply, through the one-statement path and the full path', () => {
  it.each(scenarios)('$name: both paths answer and write the same', async (scenario) => {
    const fast = await run(scenario, true);
    const full = await run(scenario, false);
    expect(fast.served ? 'fast' : 'full', 'the path production takes').toBe(scenario.servedBy);
    expect(full.served).toBe(false);
    const { status, reply } = fast.written as { status: number; reply: { registrationType?: string } };
    expect(status >= 400 ? 'refused' : reply.registrationType, JSON.stringify(reply)).toBe(scenario.outcome);
    expect(fast.written).toEqual(full.written);
  });

  it("writes the organiser's share of a paid place, the fee rounded half up, and none for an administrator's game", async () => {
    const shares = async (name: string) => {
      const { written } = await run(
        scenarios.find((scenario) => scenario.name === name)!,
        true,
      );
      return (written.earnings as Record<string, unknown>[]).map(({ kind, grossCents, feeCents, netCents, feePercent }) => ({
        kind,
        grossCents,
        feeCents,
        netCents,
        feePercent,
      }));
    };
    expect(await shares('a free place paid with credits')).toEqual([
      { kind: 'sale', grossCents: 1500, feeCents: 105, netCents: 1395, feePercent: 7 },
    ]);
    // 7% of R$ 12,50 is 87,5 centavos: 88 to the platform, the rest to the organiser.
    expect(await shares('a price whose fee rounds half up')).toEqual([
      { kind: 'sale', grossCents: 1250, feeCents: 88, netCents: 1162, feePercent: 7 },
    ]);
    expect(await shares("an administrator's game earns nobody a share")).toEqual([]);
    expect(await shares('payment outside the platform')).toEqual([]);
  });

  it('leaves every balance equal to the sum of its ledger', async () => {
    await expectLedgerBalanced(db());
  });
});
