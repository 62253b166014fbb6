import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/open-database';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';

export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement (create or drop a database) on the bench's PostgreSQL server, on a connection of its own. */
export async function onBenchServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated PostgreSQL database with the reference data; dropped again by `drop()`. */
export async function createBenchDatabase(): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const name = `bj_bench_${randomBytes(4).toString('hex')}`;
  await onBenchServer(`create database ${name}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  await seedReferenceData(database.db);
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await onBenchServer(`drop database if exists ${name} with (force)`);
    },
  };
}
