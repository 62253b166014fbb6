import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCredits, createGame, createSignedInUser, createUser } from '../../../../test-support/server/factories';
import { type FakePushService, startPushService } from '../../../../test-support/server/push-service';
import { isPostgres, setUpTestApp } from '../../../../test-support/server/test-app';
import { subscribePush } from '../../core/notifications/subscribe-push';
import { updateNotificationSettings } from '../../core/notifications/update-notification-settings';

// What one credit apply costs the database (issue 47), counted on PostgreSQL: every statement any connection of the
// app sends from the request until the work it leaves for after the reply is done (the organiser's notice by e-mail
// and push, the game's change announced), and the rows it leaves in each table. bench/README.md ("What an apply
// costs") explains each; a change that adds a statement or a row to the common apply fails here and says where.

type Cost = { statements: Record<string, number>; rows: Record<string, number> };

/** The common apply: a free place in a public game paid from credits, the organiser a player (so told of it). */
const BUDGET: Cost = {
  statements: {
    // The apply, the notices, the organiser's share, the e-mail request and the history entry: one statement, one commit.
    'with applied as': 1,
    // The game's places changed and a write happened: one notification to the other instances (coalesced under load).
    'select pg_notify($1, $2)': 1,
    // The organiser's e-mail, right after the reply: the request claimed and deleted, what the e-mail needs read in one
    // statement, the e-mail queued, in one transaction.
    begin: 1,
    'delete from "mail_requests"': 1,
    'select n.id as': 1,
    'insert into "email_outbox"': 1,
    commit: 1,
  },
  rows: {
    registrations: 1,
    credit_transactions: 1,
    organiser_earnings: 1,
    organiser_earnings_totals: 1,
    dashboard_totals: 1,
    notifications: 2,
    game_events: 1,
    email_outbox: 1,
  },
};

/** The statements a push delivery adds when the apply queued a push: the claim, what sending needs, the sent row gone. */
const PUSH_DELIVERY = [
  'update "push_outbox" set',
  'select "push_outbox"."id", "push_outbox"."attempts",',
  'delete from "push_outbox"',
  'update "push_subscriptions" set',
];

const t = setUpTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' } });
let service: FakePushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

/** Set while the counted work runs: what it starts (after the reply, timers, background tasks) carries it too. */
const counted = new AsyncLocalStorage<true>();

/**
 * Statements sent by every pg client of this process on behalf of `work`, by their first words. The background jobs'
 * ticks (every 5 s) started before it, so what they send does not count.
 */
async function countingStatements(work: () => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if (counted.getStore()) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      const kind = (text ?? '?').trim().replace(/\s+/g, ' ').split(' ').slice(0, 3).join(' ').toLowerCase();
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await counted.run(true, work);
  } finally {
    spy.mockRestore();
  }
  return counts;
}

/** Rows in every table of the public schema. */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = (await t.app.ctx.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const [row] = (
      (await t.app.ctx.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as { rows: { n: number }[] }
    ).rows;
    counts[name] = row!.n;
  }
  return counts;
}

/** A new player with credits applies to the game; what it cost, counted until the work after the reply is done. */
async function applyCounted(gameId: number): Promise<Cost> {
  const player = await createSignedInUser(t.app);
  await addCredits(t.app.ctx.db, player.user.id, 5000);
  const before = await rowCounts();
  const statements = await countingStatements(async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/games/${gameId}/apply`,
      headers: player.headers,
      payload: { paymentType: 'credit' },
    });
    expect(reply.json()).toMatchObject({ registrationType: 'confirmed', amountCharged: 15 });
    await t.app.ctx.mailer.idle();
    // The change notification goes at the end of its moment (50 ms).
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  const after = await rowCounts();
  const rows = Object.fromEntries(
    Object.keys(after)
      .filter((table) => after[table] !== before[table])
      .map((table) => [table, after[table]! - (before[table] ?? 0)]),
  );
  return { statements, rows };
}

describe.runIf(isPostgres)('what one apply costs the database (pulado sem TEST_DATABASE_URL: contado no PostgreSQL)', () => {
  it('a credit apply to an organiser’s public game stays within its budget of statements and rows', async () => {
    const organiser = await createUser(t.app.ctx.db, { name: 'Olga Organizadora' });
    const game = await createGame(t.app.ctx.db, { creatorId: organiser.id, priceCents: 1500 });
    // A first apply warms what a process reads once (keys), as a running server has.
    await applyCounted(game.id);

    expect(await applyCounted(game.id)).toEqual(BUDGET);
  });

  it('a push delivery starts only when the apply queued a push: the organiser’s device with pushes of its kind on', async () => {
    const organiser = await createUser(t.app.ctx.db, { name: 'Paula Organizadora' });
    await subscribePush(t.app.ctx, organiser, service.subscribe());
    const game = await createGame(t.app.ctx.db, { creatorId: organiser.id, priceCents: 1500, name: 'Vôlei da lagoa' });
    // The first push of a process reads the VAPID keys, kept from then on.
    await applyCounted(game.id);
    expect(service.received).toHaveLength(1);
    service.received.length = 0;

    // A device, but pushes of the organiser's kind off: nothing queued, no delivery, the same budget.
    await updateNotificationSettings(t.app.ctx, organiser, { organiser: { push: false } });
    expect(await applyCounted(game.id)).toEqual(BUDGET);
    expect(service.received).toEqual([]);

    // On again: the push is queued with the notice and delivered right after the reply, before the job's next run.
    await updateNotificationSettings(t.app.ctx, organiser, { organiser: { push: true } });
    const { statements, rows } = await applyCounted(game.id);
    expect(service.received.map((push) => push.message.title)).toEqual(['Nova inscrição no seu jogo']);
    expect(service.received[0]!.message.body).toContain('Vôlei da lagoa');
    expect(rows).toEqual(BUDGET.rows);
    const delivery = Object.fromEntries(PUSH_DELIVERY.map((kind) => [kind, 1]));
    expect(statements).toEqual({ ...BUDGET.statements, ...delivery });
  });
});
