import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addCredits,
  createGame,
  createUser,
  DAY_MS,
  DEFAULT_PASSWORD,
  HOUR_MS,
  referenceIds,
} from '../../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { type Random, seeded } from '../../../../test-support/seeded';
import { isPostgres, setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { isFuture } from '../../../shared/rules/game-timing';
import { gameWalkIns, games, payments, payouts } from '../../db/schema';

/**
 * Money through a game's whole life, by seeded random sequences (decision 063): applies by credits, card and PIX,
 * payments arriving or not, the line, cancellations, removals, walk-ins, the organiser's cancels, unpublishes and
 * edits, a clock that moves games from ahead to started to paid out, payouts asked, paid and rejected, the
 * administration's deletions and removals with and without confirmation, and accounts deleted; now and then three at
 * once. After every step: each balance equals its ledger, no game is over its places, every place paid has its
 * share once and every refund is given once, each organiser's earnings equal what players paid less what came back,
 * their statement is that ledger, no payout was paid above the balance at that moment, and nothing but a confirmed
 * action of the administration gives money back from a game that has started.
 *
 * `MONEY_SEEDS=1,2,3` and `MONEY_STEPS=2000` run other or longer sequences; a failure names its seed and last steps.
 */
const SEEDS = (process.env.MONEY_SEEDS ?? '20261128,4111').split(',').map(Number);
const STEPS = Number(process.env.MONEY_STEPS ?? 520);
const FEE_PERCENT = 7;
const HOLD_HOURS = 2;

const t = setUpTestApp({
  env: {
    PLATFORM_FEE_PERCENT: String(FEE_PERCENT),
    PAYOUT_HOLD_HOURS: String(HOLD_HOURS),
    PAYOUT_MINIMUM: '1',
    PAYMENT_HOLD_MINUTES: '30',
  },
});
const db = () => t.app.ctx.db;

type Person = { id: number; tokenVersion: number };
type Reply = { status: number; body: Record<string, unknown> };

/** The money a sequence's world holds, as the steps left it: the people and games steps pick from. */
type World = {
  random: Random;
  admin: Person;
  organisers: Person[];
  players: Person[];
  gameIds: number[];
  refs: Awaited<ReturnType<typeof referenceIds>>;
  log: string[];
};

async function send(person: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Reply> {
  const token = await t.app.ctx.tokens.issue({ userId: person.id, tokenVersion: person.tokenVersion });
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : {} };
}

/** Presses Pagar on the sandbox page of a checkout, as the browser would. */
async function payAtSandbox(providerSessionId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${providerSessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return { status: res.statusCode, body: {} };
}

async function gameRow(id: number) {
  const [game] = await db().select().from(games).where(eq(games.id, id));
  return game!;
}

/** Shares taken back from organisers after their game started: only a confirmed action of the administration may add one. */
async function takeBacksAfterStart(): Promise<number> {
  const result = (await db().execute(sql`
    select count(*)::int as n from organiser_earnings e join games g on g.id = e.game_id
    where e.kind = 'refund' and e.created_at >= g.date_time`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** What the available games earned an organiser less the payouts paid (the settled balance), from the ledger. */
async function settledOf(organiserId: number): Promise<number> {
  const result = (await db().execute(sql`
    select coalesce(sum(e.net_cents) filter (where e.kind = 'payout' or (g.status <> 'cancelled'
      and g.date_time + make_interval(hours => ${HOLD_HOURS}::int) <= ${t.clock.now().toISOString()}::timestamptz)), 0)::float8 as settled
    from organiser_earnings e left join games g on g.id = e.game_id where e.organiser_id = ${organiserId}`)) as unknown as {
    rows: { settled: number }[];
  };
  return Number(result.rows[0]!.settled);
}

type Step = { name: string; run: (world: World) => Promise<string> };

/** A step's reply must be one the contract allows: a success or a named 4xx, never a 5xx nor an unnamed error. */
function allowed(reply: Reply, what: string): string {
  expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (reply.status >= 400) expect(typeof reply.body.code, `${what}: ${JSON.stringify(reply.body)}`).toBe('string');
  return `${what} → ${reply.status}${reply.status >= 400 ? ` ${String(reply.body.code)}` : ''}`;
}

async function someGame(world: World) {
  const id = world.random.pick(world.gameIds);
  return id === undefined ? undefined : gameRow(id);
}

/** Mostly a game still ahead (where players join), sometimes any: started, played, paid out or cancelled. */
async function gameToJoin(world: World) {
  const ahead = await db()
    .select({ id: games.id })
    .from(games)
    .where(and(inArray(games.id, world.gameIds), eq(games.status, 'active'), gt(games.dateTime, t.clock.now())));
  const id = world.random.chance(0.85) ? world.random.pick(ahead)?.id : world.random.pick(world.gameIds);
  return id === undefined ? undefined : gameRow(id);
}

/** A game and its organiser, while the organiser's account lives (a deleted one signs in no more). */
async function someOrganisersGame(world: World) {
  const game = await someGame(world);
  const organiser = game && world.organisers.find((person) => person.id === game.creatorId);
  return game && organiser ? { game, organiser } : undefined;
}

/** The organiser's money-moving changes: from the start each must be the whistle's 409 (a cancelled game: its own 409). */
function expectWhistle(game: typeof games.$inferSelect, reply: Reply, what: string) {
  if (game.status === 'cancelled' || isFuture(game.dateTime, t.clock.now())) return;
  expect([reply.status, reply.body.code], `${what} after the start`).toEqual([409, 'game_started']);
}

const steps: [number, Step][] = [
  [
    18,
    {
      name: 'apply with credits',
      async run(world) {
        const game = await gameToJoin(world);
        const player = world.random.pick(world.players);
        if (!game || !player) return 'nothing to apply to';
        return allowed(
          await send(player, 'POST', `/api/games/${game.id}/apply`, { paymentType: 'credit' }),
          `apply credit ${player.id}→${game.id}`,
        );
      },
    },
  ],
  [
    6,
    {
      name: 'apply by card or PIX',
      async run(world) {
        const game = await gameToJoin(world);
        const player = world.random.pick(world.players);
        if (!game || !player) return 'nothing to apply to';
        const method = world.random.chance(0.5) ? 'card' : 'mercadopago';
        return allowed(
          await send(player, 'POST', `/api/games/${game.id}/apply`, { paymentType: method }),
          `apply ${method} ${player.id}→${game.id}`,
        );
      },
    },
  ],
  [
    5,
    {
      name: 'a checkout paid at the provider',
      async run(world) {
        const open = await db()
          .select({ session: payments.providerSessionId, id: payments.id })
          .from(payments)
          .where(and(eq(payments.status, 'pending'), eq(payments.purpose, 'game')));
        const payment = world.random.pick(open);
        if (!payment?.session) return 'no checkout open';
        return allowed(await payAtSandbox(payment.session), `pay checkout ${payment.id}`);
      },
    },
  ],
  [
    4,
    {
      name: 'join the line',
      async run(world) {
        const game = await gameToJoin(world);
        const player = world.random.pick(world.players);
        if (!game || !player) return 'no line';
        return allowed(await send(player, 'POST', `/api/games/${game.id}/waitlist`, {}), `waitlist ${player.id}→${game.id}`);
      },
    },
  ],
  [
    8,
    {
      name: 'a player cancels',
      async run(world) {
        const game = await someGame(world);
        const player = world.random.pick(world.players);
        if (!game || !player) return 'nobody to cancel';
        return allowed(await send(player, 'POST', `/api/games/${game.id}/cancel`), `player cancel ${player.id}@${game.id}`);
      },
    },
  ],
  [
    3,
    {
      name: 'the organiser removes a player',
      async run(world) {
        const mine = await someOrganisersGame(world);
        const player = world.random.pick(world.players);
        if (!mine || !player) return 'nobody to remove';
        const { game, organiser } = mine;
        const reply = await send(organiser, 'DELETE', `/api/user-games/${game.id}/players/${player.id}`);
        if (reply.status !== 404) expectWhistle(game, reply, 'organiser removal');
        return allowed(reply, `organiser removes ${player.id}@${game.id}`);
      },
    },
  ],
  [
    4,
    {
      name: 'a walk-in comes or goes',
      async run(world) {
        const mine = await someOrganisersGame(world);
        if (!mine) return 'no game';
        const { game, organiser } = mine;
        const [walkIn] = await db().select({ id: gameWalkIns.id }).from(gameWalkIns).where(eq(gameWalkIns.gameId, game.id)).limit(1);
        if (walkIn && world.random.chance(0.4)) {
          return allowed(await send(organiser, 'DELETE', `/api/user-games/${game.id}/walk-ins/${walkIn.id}`), `walk-in leaves ${game.id}`);
        }
        return allowed(
          await send(organiser, 'POST', `/api/user-games/${game.id}/walk-ins`, { name: 'Zé da Praia' }),
          `walk-in joins ${game.id}`,
        );
      },
    },
  ],
  [
    2,
    {
      name: 'the organiser cancels the game',
      async run(world) {
        const mine = await someOrganisersGame(world);
        if (!mine) return 'no game';
        const { game, organiser } = mine;
        const reply = await send(organiser, 'POST', `/api/user-games/${game.id}/cancel`, { reason: 'Quadra em reforma' });
        expectWhistle(game, reply, 'organiser cancel');
        return allowed(reply, `organiser cancels ${game.id}`);
      },
    },
  ],
  [
    1,
    {
      name: 'the organiser unpublishes the game',
      async run(world) {
        const mine = await someOrganisersGame(world);
        if (!mine) return 'no game';
        const { game, organiser } = mine;
        const reply = await send(organiser, 'POST', `/api/user-games/${game.id}/unpublish`, { confirm: true });
        if (game.state === 'published') expectWhistle(game, reply, 'unpublish');
        return allowed(reply, `organiser unpublishes ${game.id}`);
      },
    },
  ],
  [
    3,
    {
      name: 'the organiser moves or reprices the game',
      async run(world) {
        const mine = await someOrganisersGame(world);
        if (!mine) return 'no game';
        const { game, organiser } = mine;
        const moved = world.random.chance(0.5);
        const payload = {
          name: game.name,
          location: game.location,
          address: game.address,
          dateTime: new Date(moved ? t.clock.now().getTime() + world.random.int(2, 72) * HOUR_MS : game.dateTime.getTime()).toISOString(),
          price: moved ? game.priceCents / 100 : world.random.pick([5, 12.5, 19.99, 30])!,
          totalSlots: Math.max(game.totalSlots, world.random.int(2, 6)),
          description: game.description,
          visibility: game.visibility,
          usePlatformPayment: true,
          state: game.state,
          sportId: world.refs.volei,
          stateId: world.refs.santaCatarina,
          cityId: world.refs.florianopolis,
        };
        const reply = await send(organiser, 'PUT', `/api/user-games/${game.id}`, payload);
        const changesMoney = moved || payload.price * 100 !== game.priceCents;
        if (changesMoney) expectWhistle(game, reply, 'edit of date or price');
        return allowed(reply, `organiser edits ${game.id} (${moved ? 'date' : 'price'})`);
      },
    },
  ],
  [
    8,
    {
      name: 'time passes',
      async run(world) {
        const minutes = world.random.int(5, 240);
        t.clock.set(new Date(t.clock.now().getTime() + minutes * 60_000));
        return `clock +${minutes} min → ${t.clock.now().toISOString()}`;
      },
    },
  ],
  [
    4,
    {
      name: 'an organiser makes a game',
      async run(world) {
        const organiser = world.random.pick(world.organisers);
        if (!organiser) return 'no organiser';
        const [ahead] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(games)
          .where(and(inArray(games.id, world.gameIds), eq(games.status, 'active'), gt(games.dateTime, t.clock.now())));
        if ((ahead?.n ?? 0) >= 6) return 'enough games ahead';
        const game = await createGame(db(), {
          creatorId: organiser.id,
          priceCents: world.random.pick([1000, 1250, 1999, 3000])!,
          totalSlots: world.random.int(2, 5),
          dateTime: new Date(t.clock.now().getTime() + world.random.int(1, 48) * HOUR_MS),
          sportId: world.refs.volei,
          stateId: world.refs.santaCatarina,
          cityId: world.refs.florianopolis,
        });
        world.gameIds.push(game.id);
        return `organiser ${organiser.id} makes game ${game.id} at ${game.dateTime.toISOString()}`;
      },
    },
  ],
  [
    4,
    {
      name: 'an organiser asks for a payout',
      async run(world) {
        const organiser = world.random.pick(world.organisers);
        if (!organiser) return 'no organiser';
        return allowed(await send(organiser, 'POST', '/api/user-games/payouts', {}), `payout asked by ${organiser.id}`);
      },
    },
  ],
  [
    4,
    {
      name: 'the administration pays a payout',
      async run(world) {
        const open = await db().select().from(payouts).where(eq(payouts.status, 'requested'));
        const payout = world.random.pick(open);
        if (!payout) return 'no payout open';
        const before = await settledOf(payout.organiserId);
        const reference = `E${String(payout.id).padStart(8, '0')}${world.random.int(0, 1e9).toString().padStart(23, '0')}`.slice(0, 32);
        const reply = await send(world.admin, 'POST', `/api/admin/payouts/${payout.id}/paid`, { reference });
        // Nothing else runs between the read and the request here: the balance it was paid against is `before`.
        if (reply.status === 200)
          expect(before, `payout ${payout.id} of ${payout.amountCents} paid above the balance`).toBeGreaterThanOrEqual(payout.amountCents);
        if (reply.status === 409 && reply.body.code === 'payout_above_balance') expect(before).toBeLessThan(payout.amountCents);
        if (before >= payout.amountCents) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        return allowed(reply, `payout ${payout.id} (${payout.amountCents}, balance ${before}) paid`);
      },
    },
  ],
  [
    1,
    {
      name: 'the administration rejects a payout',
      async run(world) {
        const [payout] = await db().select().from(payouts).where(eq(payouts.status, 'requested')).limit(1);
        if (!payout) return 'no payout open';
        return allowed(
          await send(world.admin, 'POST', `/api/admin/payouts/${payout.id}/reject`, { reason: 'Chave errada' }),
          `payout ${payout.id} rejected`,
        );
      },
    },
  ],
  [
    2,
    {
      name: 'the administration deletes a game',
      async run(world) {
        const game = await someGame(world);
        if (!game) return 'no game';
        const confirm = world.random.chance(0.5);
        const before = await takeBacksAfterStart();
        const reply = await send(world.admin, 'DELETE', `/api/admin/games/${game.id}`, confirm ? { confirm } : undefined);
        if (game.status === 'active' && !isFuture(game.dateTime, t.clock.now()) && !confirm) {
          expect([reply.status, reply.body.code]).toEqual([409, 'confirmation_required']);
          expect(await takeBacksAfterStart()).toBe(before);
        }
        return allowed(reply, `admin deletes ${game.id}${confirm ? ' (confirmed)' : ''}`);
      },
    },
  ],
  [
    2,
    {
      name: 'the administration removes a player',
      async run(world) {
        const game = await someGame(world);
        const player = world.random.pick(world.players);
        if (!game || !player) return 'nobody';
        const confirm = world.random.chance(0.5);
        const before = await takeBacksAfterStart();
        const reply = await send(
          world.admin,
          'DELETE',
          `/api/admin/games/${game.id}/users/${player.id}`,
          confirm ? { confirm } : undefined,
        );
        if (reply.status !== 404 && game.status === 'active' && !isFuture(game.dateTime, t.clock.now()) && !confirm) {
          expect([reply.status, reply.body.code]).toEqual([409, 'confirmation_required']);
        }
        if (!confirm) expect(await takeBacksAfterStart()).toBe(before);
        return allowed(reply, `admin removes ${player.id}@${game.id}${confirm ? ' (confirmed)' : ''}`);
      },
    },
  ],
  [
    2,
    {
      name: 'a player tops up',
      async run(world) {
        const player = world.random.pick(world.players);
        if (!player) return 'nobody';
        const cents = world.random.pick([1000, 2500, 5000])!;
        await addCredits(db(), player.id, cents);
        return `top-up ${player.id} +${cents}`;
      },
    },
  ],
  [
    1,
    {
      name: 'someone deletes their account',
      async run(world) {
        const isOrganiser = world.random.chance(0.4);
        const pool = isOrganiser ? world.organisers : world.players;
        const person = world.random.pick(pool);
        if (!person || pool.length <= 2) return 'keeps the accounts';
        const reply = await send(person, 'DELETE', '/api/users/me', { password: DEFAULT_PASSWORD, forfeitCredits: true });
        if (reply.status === 200) pool.splice(pool.indexOf(person), 1);
        return allowed(reply, `${isOrganiser ? 'organiser' : 'player'} ${person.id} deletes the account`);
      },
    },
  ],
];

const totalWeight = steps.reduce((sum, [weight]) => sum + weight, 0);
function pickStep(random: Random): Step {
  let roll = random.next() * totalWeight;
  for (const [weight, step] of steps) {
    roll -= weight;
    if (roll < 0) return step;
  }
  return steps[steps.length - 1]![1];
}

/** Every invariant of the money, read from the database and the organisers' statements. */
async function expectMoneyKept(world: World) {
  await expectLedgerBalanced(db());
  const now = t.clock.now().toISOString();
  const overbooked = (await db().execute(sql`
    select g.id, g.total_slots, g.walk_in_count,
      (select count(*)::int from registrations r where r.game_id = g.id and (r.status = 'confirmed'
        or (r.status = 'pending' and (r.payment_deadline is null or r.payment_deadline > ${now}::timestamptz)))) as holding
    from games g where g.status = 'active'`)) as unknown as {
    rows: { id: number; total_slots: number; walk_in_count: number; holding: number }[];
  };
  expect(overbooked.rows.filter((row) => row.holding + row.walk_in_count > row.total_slots)).toEqual([]);

  // Each place paid has its share once; each one given back has its share taken back once, and was given back once.
  const places = (await db().execute(sql`
    select r.id, r.status,
      (select count(*) from organiser_earnings e where e.source = 'registration:' || r.id)::int as sales,
      (select count(*) from organiser_earnings e where e.source = 'refund:registration:' || r.id)::int as taken_back,
      (select count(*) from credit_transactions c where c.type = 'refund' and c.reference = 'registration:' || r.id)::int as credited,
      (select count(*) from cancellation_requests q where q.registration_id = r.id and q.status <> 'rejected')::int as requested,
      (select count(*) from organiser_earnings e where e.source = 'refund-rejected:registration:' || r.id)::int as reversed
    from registrations r where r.paid_cents > 0`)) as unknown as {
    rows: { id: number; status: string; sales: number; taken_back: number; credited: number; requested: number; reversed: number }[];
  };
  const wrong = places.rows.filter((row) => {
    const givenBack = row.credited + row.requested;
    if (row.sales !== 1 || givenBack > 1) return true;
    if (row.status === 'confirmed') return row.taken_back !== 0 || givenBack !== 0;
    return row.taken_back - row.reversed !== givenBack;
  });
  expect(wrong, 'places whose share or refund is not exactly once').toEqual([]);

  // Each organiser: what players paid for their games less what came back equals their earnings plus the fees.
  const books = (await db().execute(sql`
    select o.id,
      coalesce((select sum(-c.amount_cents) from credit_transactions c join registrations r on c.reference = 'registration:' || r.id
        join games g on g.id = r.game_id where g.creator_id = o.id and c.type in ('spend_game', 'refund')), 0)::float8
      + coalesce((select sum(p.amount_cents) from payments p join games g on g.id = p.game_id
        where g.creator_id = o.id and p.purpose = 'game' and p.outcome = 'confirmed'), 0)::float8
      - coalesce((select sum(q.amount_cents) from cancellation_requests q join games g on g.id = q.game_id
        where g.creator_id = o.id and q.status <> 'rejected' and q.payment_type in ('stripe', 'mercadopago')), 0)::float8 as paid,
      coalesce((select sum(e.gross_cents) from organiser_earnings e where e.organiser_id = o.id and e.kind <> 'payout'), 0)::float8 as earned
    from users o where o.id in (select creator_id from games)`)) as unknown as { rows: { id: number; paid: number; earned: number }[] };
  expect(books.rows.filter((row) => Number(row.paid) !== Number(row.earned))).toEqual([]);

  // Each live organiser's statement is that ledger: available and owed apart, paid out as the payouts paid.
  for (const organiser of world.organisers) {
    const reply = await send(organiser, 'GET', '/api/user-games/earnings');
    expect(reply.status).toBe(200);
    const statement = reply.body as { available: number; owed: number; paidOut: number; requested: number };
    const settled = await settledOf(organiser.id);
    const rows = await db().select().from(payouts).where(eq(payouts.organiserId, organiser.id));
    const sum = (status: string) => rows.filter((row) => row.status === status).reduce((total, row) => total + row.amountCents, 0);
    expect(Math.round(statement.paidOut * 100)).toBe(sum('paid'));
    expect(Math.round(statement.requested * 100)).toBe(sum('requested'));
    expect(Math.round(statement.owed * 100)).toBe(Math.max(-settled, 0));
    expect(Math.round(statement.available * 100)).toBe(Math.max(settled - sum('requested'), 0));
  }
}

const ADMIN_STEPS = new Set(['the administration deletes a game', 'the administration removes a player']);

async function runSequence(seed: number) {
  t.clock.set(TEST_NOW);
  const random = seeded(seed);
  const person = async (role: 'admin' | 'player', cents: number): Promise<Person> => {
    const user = await createUser(db(), { role });
    if (cents > 0) await addCredits(db(), user.id, cents);
    return { id: user.id, tokenVersion: user.tokenVersion };
  };
  const world: World = {
    random,
    admin: await person('admin', 0),
    organisers: [],
    players: [],
    gameIds: [],
    refs: await referenceIds(db()),
    log: [],
  };
  for (let i = 0; i < 3; i += 1) {
    const organiser = await person('player', 0);
    const key = await send(organiser, 'PUT', '/api/users/me/payout-key', { type: 'cpf', key: '529.982.247-25', holderName: 'Olga Prado' });
    expect(key.status).toBe(200);
    world.organisers.push(organiser);
  }
  for (let i = 0; i < 10; i += 1) world.players.push(await person('player', random.pick([0, 2000, 5000, 10_000])!));
  const startGame = steps.find(([, step]) => step.name === 'an organiser makes a game')![1];
  for (let i = 0; i < 4; i += 1) world.log.push(await startGame.run(world));

  for (let i = 0; i < STEPS; i += 1) {
    const isBurst = random.chance(0.06);
    const chosen = isBurst ? [pickStep(random), pickStep(random), pickStep(random)] : [pickStep(random)];
    const isAdmin = chosen.some((step) => ADMIN_STEPS.has(step.name));
    const takenBackBefore = await takeBacksAfterStart();
    try {
      const lines = await Promise.all(chosen.map((step) => step.run(world)));
      world.log.push(`${i}${isBurst ? ' (at once)' : ''}: ${lines.join(' | ')}`);
      // Only a confirmed action of the administration gives money back from a game that has started.
      if (!isAdmin)
        expect(await takeBacksAfterStart(), 'a share taken back after the start without the administration').toBe(takenBackBefore);
      await expectMoneyKept(world);
    } catch (error) {
      throw new Error(`seed ${seed}, step ${i}:\n${world.log.slice(-25).join('\n')}\n${(error as Error).message}`, { cause: error });
    }
  }
  return world;
}

describe.runIf(isPostgres)('money through a game’s whole life, by seeded random sequences on PostgreSQL', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} steps keep every balance, place, share, refund and payout exact`, { timeout: 600_000 }, async () => {
      const world = await runSequence(seed);
      // The sequence did reach every moment of a game's life, so the checks above had something to hold.
      const life = (await db().execute(sql`
        select
          count(*) filter (where e.kind = 'payout')::int as payouts,
          count(*) filter (where e.kind = 'refund')::int as refunds,
          count(*) filter (where e.kind = 'sale')::int as sales
        from organiser_earnings e where e.organiser_id in ${world.organisers.map((organiser) => organiser.id)}`)) as unknown as {
        rows: { payouts: number; refunds: number; sales: number }[];
      };
      expect(life.rows[0]!.sales).toBeGreaterThan(20);
      expect(life.rows[0]!.payouts).toBeGreaterThan(0);
      expect(life.rows[0]!.refunds).toBeGreaterThan(0);
      expect(t.clock.now().getTime() - TEST_NOW.getTime()).toBeGreaterThan(DAY_MS);
      expect(world.log.length).toBeGreaterThanOrEqual(STEPS);
    });
  }
});
