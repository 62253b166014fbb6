import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ChangeFeed, localChangeFeed, postgresChangeFeed } from './change-feed';
import { acquireDataDirLock, type DataDirHolder, type DataDirLock, prepareDataDir } from './data-dir';
import * as schema from './schema';
import { migrateDatabase } from './migrator';
import { keptStatementsClient } from './pglite-statements';
import { withoutLockFiles } from './snapshot';

export type Schema = typeof schema;
/** One handle type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `task` while no other process starting on the same database runs its own: a PostgreSQL
   * advisory lock held on one connection (PGlite is one process already). Migrations and seeds run in it,
   * so instances started together neither race on the schema nor create the admin twice.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Whether this process runs the background jobs now. On PostgreSQL one instance at a time holds an
   * advisory lock on a connection of its own; when it stops or its connection drops, the next instance
   * to ask takes over. PGlite is a single process: always.
   */
  isJobLeader(): Promise<boolean>;
  /** Tells every instance on this database that what visitors see changed (caches drop it). */
  changes: ChangeFeed;
  /** The PostgreSQL pool's connections, for metrics (PostgreSQL only). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * A consistent copy of the embedded database's files (PGlite only): an uncompressed tar taken between transactions,
   * without the folder's lock file. Tests clone it; backups gzip it.
   */
  dump?(): Promise<Blob>;
  /** The lock on DATA_DIR while a file-backed embedded database is open. */
  dataDirLock?: DataDirLock;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Functions, their triggers and views, one file each, applied by the migrator (decision 072). */
export const definitionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'definitions');

/** Advisory lock keys (any constants): start-up work ("bora" in ASCII) and job leadership ("jobs"). */
const STARTUP_LOCK_KEY = 0x626f7261;
const JOBS_LOCK_KEY = 0x6a6f6273;

/**
 * Waits (up to 5 s) until no query holds or waits for a connection. A request whose client went away
 * while the server was draining is no longer counted by the HTTP server, but its handler still runs:
 * ending the pool under it would fail its queries.
 */
async function settled(pool: pg.Pool): Promise<void> {
  const isBusy = () => pool.totalCount > pool.idleCount || pool.waitingCount > 0;
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    if (!isBusy()) {
      // Quiet twice in a row: a handler between two queries asks for the next one within a tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!isBusy()) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Leadership of the background jobs through a session advisory lock held on a dedicated connection. */
function advisoryLeadership(url: string) {
  let leader: pg.Client | undefined;
  const drop = () => {
    const client = leader;
    leader = undefined;
    return client?.end().catch(() => {});
  };
  return {
    async isLeader(): Promise<boolean> {
      if (leader) {
        const isAlive = await leader.query('select 1').then(
          () => true,
          () => false,
        );
        if (isAlive) return true;
        await drop();
      }
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {
        if (leader === client) void drop();
      });
      try {
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [JOBS_LOCK_KEY]);
        if (rows[0]?.locked) {
          leader = client;
          return true;
        }
      } catch {
        // The database is unreachable: nobody here leads until it answers again.
      }
      await client.end().catch(() => {});
      return false;
    },
    close: drop,
  };
}

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined = in memory; `loadDataDir` fills a new database from a dump (test clones, restores). A data
   * folder is locked for `holder` (the server unless told) until close(): a second process is refused.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; holder?: DataDirHolder };

/**
 * Connections per instance when DATABASE_POOL_SIZE is not set: a few per core. More only queue inside PostgreSQL
 * for the same CPUs (and for the same game locks), so requests wait in the pool instead, where it costs nothing.
 */
const defaultPoolSize = () => POOL_PER_CORE * os.availableParallelism();
const POOL_PER_CORE = 4;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: 10_000,
    });
    const leadership = advisoryLeadership(options.url);
    const changes = postgresChangeFeed({ url: options.url, pool });
    // A client losing its connection (a restart, a failover) must not crash the process, whether it sits idle in the
    // pool (the pool's 'error') or is checked out between two statements of a transaction, where pg emits 'error' on the
    // client itself with no query to reject: the transaction's next statement fails instead, and the pool drops it.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateDatabase(db, { migrationsFolder, definitionsFolder }),
      async exclusively(task) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      isJobLeader: leadership.isLeader,
      changes,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([leadership.close(), changes.close()]);
        await settled(pool);
        await pool.end();
      },
    };
  }
  // Loaded only for the embedded database: a PostgreSQL deployment never holds PGlite in memory.
  const [{ PGlite: embedded }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    // Trigram search of accounts (migration 0017): PostgreSQL ships it as contrib, PGlite as an extension loaded here.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    prepareDataDir(options.dataDir);
    lock = acquireDataDirLock(options.dataDir, options.holder ?? 'server');
  }
  let client: PGlite;
  try {
    client = await embedded.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const drizzleDb = drizzlePglite({ client: keptStatementsClient(client) as unknown as PGlite, schema });
  return {
    db: drizzleDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migrateDatabase(drizzleDb as unknown as Db, { migrationsFolder, definitionsFolder }),
    exclusively: (task) => task(),
    isJobLeader: async () => true,
    changes: localChangeFeed({ listen: (channel, onPayload) => client.listen(channel, onPayload) }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
    dump: async () => {
      // A checkpoint first, so a restored copy has little WAL to replay; then the files are read while no transaction
      // is open (query() and transaction() both wait on the transaction mutex).
      await client.exec('CHECKPOINT');
      const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      return new Blob([withoutLockFiles(new Uint8Array(await tar.arrayBuffer()))], { type: 'application/x-tar' });
    },
    dataDirLock: lock,
  };
}
