// The databases `npm run bench:scale` measures: built (migrated, reference data, years of data) on the local
// PostgreSQL or in a PGlite data folder, with what the measurements need found in them afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open-database';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';
import { hashPassword } from '../../src/server/lib/passwords';
import { benchServerUrl, onBenchServer } from '../support/database';
import { ADMIN_ID, type Execute, generateScaleData, HEAVY_ORGANISER_ID, type ScaleShape } from './generate';

export type DatabaseKind = 'postgres' | 'pglite';

/** Every generated account's password. */
export const BENCH_PASSWORD = 'bench-password';

/** Credit applies: rounds of APPLY_PLAYERS new players, each applying to APPLY_PICKS of APPLY_GAMES new games. */
export const APPLY_ROUNDS = 3;
export const APPLY_PLAYERS = 150;
export const APPLY_GAMES = 100;
export const APPLY_PICKS = 10;

export type Spread = { most: number; p99: number; median: number };

/** Who and what the measured requests ask about, read from the generated data. */
export type Subjects = {
  heavyPlayerId: number;
  calendarToken: string;
  /** An upcoming public game, and one of the heavy organiser's upcoming games with players. */
  publicGameId: number;
  organiserGameId: number;
  /** The admin lists' last pages. */
  lastUsersPage: number;
  lastPastGamesPage: number;
  lookupIds: number[];
  applyRounds: Array<{ playerIds: number[]; gameIds: number[] }>;
  rows: Record<string, number>;
  /** How the data falls on people, as written: the heaviest one's count (the heavy subjects'), the 99th percentile's, the median's. */
  spread: Record<'organiserGames' | 'ledgerRows' | 'notifications', Spread>;
};

export type ScaleDatabase = {
  kind: DatabaseKind;
  scale: number;
  label: string;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** The PostgreSQL database's name (its slow statements are logged under it). */
  name?: string;
  shape: ScaleShape;
  subjects: Subjects;
  buildSeconds: number;
  drop(): Promise<void>;
};

type Query = <T>(statement: string) => Promise<T[]>;

/** Builds a database of `kind` at `scale` (1 = the three busy years), of the shape `seed` draws. */
export async function buildScaleDatabase(kind: DatabaseKind, scale: number, seed: number, label: string): Promise<ScaleDatabase> {
  const started = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  if (kind === 'postgres') {
    const name = `bj_scale_${randomBytes(4).toString('hex')}`;
    await onBenchServer(`create database ${name}`);
    const url = Object.assign(new URL(benchServerUrl), { pathname: `/${name}` }).toString();
    const drop = () => onBenchServer(`drop database if exists ${name} with (force)`);
    try {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      await database.migrate();
      await seedReferenceData(database.db);
      await database.close();
      // One connection: the generator's temporary tables live in its session.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const execute: Execute = (statement) => client.query(statement);
        const query: Query = async <T>(statement: string) => (await client.query(statement)).rows as T[];
        const shape = await generateScaleData(execute, { scale, seed, passwordHash });
        const subjects = await prepareSubjects(execute, query, shape);
        // The gigabytes just written go to disk now, not while the server is measured: a commit behind a checkpoint's
        // flush of them took 170 ms.
        await execute('checkpoint');
        return {
          kind,
          scale,
          label,
          name,
          env: { DATABASE_URL: url },
          shape,
          subjects,
          buildSeconds: (performance.now() - started) / 1000,
          drop,
        };
      } finally {
        await client.end();
      }
    } catch (error) {
      await drop();
      throw error;
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-scale-pglite-'));
  const drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir, holder: 'restore' });
    try {
      await database.migrate();
      await seedReferenceData(database.db);
      const execute: Execute = (statement) => database.db.execute(sql.raw(statement));
      const query: Query = async <T>(statement: string) =>
        ((await database.db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;
      const shape = await generateScaleData(execute, { scale, seed, passwordHash });
      const subjects = await prepareSubjects(execute, query, shape);
      await execute('checkpoint');
      return { kind, scale, label, env: { DATA_DIR: dataDir }, shape, subjects, buildSeconds: (performance.now() - started) / 1000, drop };
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * Finds the measured subjects and writes the credit applies' players and games (through the ledger, its trigger on:
 * R$ 80 each, so a player's ninth R$ 10 apply fails for want of credits), before the server holds the database.
 */
async function prepareSubjects(execute: Execute, query: Query, shape: ScaleShape): Promise<Subjects> {
  const one = async <T>(statement: string) => {
    const [row] = await query<T>(statement);
    if (!row) throw new Error(`nada encontrado: ${statement}`);
    return row;
  };
  const { calendar_token: calendarToken } = await one<{ calendar_token: string }>(
    `select calendar_token from users where id = ${shape.heavyPlayerId}`,
  );
  const { id: publicGameId } = await one<{ id: number }>(`select id from games
    where state = 'published' and visibility = 'public' and status = 'active' and date_time > now() + interval '1 day' order by date_time, id limit 1`);
  const { id: organiserGameId } = await one<{ id: number }>(`select id from games
    where creator_id = ${HEAVY_ORGANISER_ID} and state = 'published' and status = 'active' and date_time > now() order by date_time, id limit 1`);
  const lookup = await query<{ id: number }>(`select id from users where id % 7 = 3 order by id desc limit 100`);
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'games',
    'registrations',
    'credit_transactions',
    'payments',
    'notifications',
    'email_outbox',
    'invitations',
    'series',
    'series_members',
  ]) {
    counts[table] = (await one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
  }
  counts.erased = (await one<{ n: number }>(`select count(*)::int as n from users where deleted_at is not null`)).n;
  const spreadOf = (table: string, column: string) =>
    one<Spread>(`select max(n)::int as most, (percentile_disc(0.99) within group (order by n))::int as p99,
        (percentile_disc(0.5) within group (order by n))::int as median
      from (select count(*) as n from ${table} group by ${column}) per_person`);
  const spread: Subjects['spread'] = {
    organiserGames: await spreadOf('games', 'creator_id'),
    ledgerRows: await spreadOf('credit_transactions', 'user_id'),
    notifications: await spreadOf('notifications', 'user_id'),
  };
  const applyRounds: Subjects['applyRounds'] = [];
  for (let round = 0; round < APPLY_ROUNDS; round++) {
    const players = await query<{ id: number }>(`insert into users (name, email, password_hash, phone)
      select 'Aplicação ' || i, 'aplica-${round}-' || i || '@bench.test', null, '48991234567' from generate_series(1, ${APPLY_PLAYERS}) i returning id`);
    await execute(`insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_by)
      select id, 8000, 'add_manual', 'Créditos do benchmark', 'admin', 'bench-apply:' || id, ${ADMIN_ID} from users where email like 'aplica-${round}-%'`);
    const games = await query<{ id: number }>(`insert into games (name, location, address, date_time, price_cents, total_slots, visibility,
        use_platform_payment, state, status, sport_id, state_id, city_id, private_link, creator_id)
      select 'Aplicação ${round}-' || i, 'Praia Mole', 'Av. das Rendeiras, 1000', date_trunc('hour', now()) + interval '3 days' + i * interval '1 hour',
        1000, 10, 'public', true, 'published', 'active', (select min(id) from sports), c.state_id, c.id,
        md5('bench-apply-${round}-' || i) || md5('bench-apply-2-${round}-' || i), ${HEAVY_ORGANISER_ID}
      from generate_series(1, ${APPLY_GAMES}) i cross join (select id, state_id from cities order by id limit 1) c returning id`);
    applyRounds.push({ playerIds: players.map((row) => row.id), gameIds: games.map((row) => row.id) });
  }
  const { users, past } = await one<{ users: number; past: number }>(`select (select count(*)::int from users) as users,
    (select count(*)::int from games where status <> 'cancelled' and date_time <= now()) as past`);
  return {
    heavyPlayerId: shape.heavyPlayerId,
    calendarToken,
    publicGameId,
    organiserGameId,
    lastUsersPage: Math.ceil(users / 10),
    lastPastGamesPage: Math.ceil(past / 20),
    lookupIds: lookup.map((row) => row.id),
    applyRounds,
    rows: counts,
    spread,
  };
}
