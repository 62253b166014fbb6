import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirHolder, type DataDirLock, prepareDataDir } from './data-dir';
import * as schema from './schema';
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
  ping(): Promise<void>;
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

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dataDir` undefined = in memory; `loadDataDir` fills a new database from a dump (test clones, restores). A data
   * folder is locked for `holder` (the server unless told) until close(): a second process is refused.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; holder?: DataDirHolder };

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    prepareDataDir(options.dataDir);
    lock = acquireDataDirLock(options.dataDir, options.holder ?? 'server');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const drizzleDb = drizzlePglite(client, { schema });
  return {
    db: drizzleDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzleDb, { migrationsFolder }),
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
