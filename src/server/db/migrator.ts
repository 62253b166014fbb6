import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './open-database';

/**
 * The migrator (decision 072). Migrations (`migrations/`, forward-only, run once each, in journal order) hold tables,
 * columns, indexes and data. Functions, the triggers that run them and views live in `definitions/`, one file per
 * function, each the whole current text: the migrator applies a file right after the migration its first line names
 * (`-- after migration: 0017_years_of_data`, the migration whose tables and columns it needs), and again whenever its
 * text changes, by a checksum it keeps in `drizzle.schema_definitions`. Everything pending runs in one transaction:
 * a failure anywhere leaves the database as it was. The bookkeeping of migrations is drizzle's own
 * (`drizzle.__drizzle_migrations`), so databases migrated by earlier releases carry on from where they are.
 */
export type MigrationFolders = { migrationsFolder: string; definitionsFolder: string };

type Definition = { name: string; after: string; checksum: string; statements: string[] };

const BREAKPOINT = '--> statement-breakpoint';
const AFTER = /^-- after migration: (\S+)\s*$/m;

export function readDefinitions(definitionsFolder: string, migrationTags: string[]): Definition[] {
  return fs
    .readdirSync(definitionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(definitionsFolder, file), 'utf8');
      const after = AFTER.exec(text.split('\n', 1)[0] ?? '')?.[1];
      if (!after || !migrationTags.includes(after)) {
        throw new Error(
          `definitions/${file}: a primeira linha deve ser "-- after migration: <migração que ela pede>", de uma migração que existe`,
        );
      }
      return {
        name: file.slice(0, -'.sql'.length),
        after,
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text.split(BREAKPOINT).filter((statement) => statement.trim() !== ''),
      };
    });
}

export async function migrateDatabase(db: Db, { migrationsFolder, definitionsFolder }: MigrationFolders): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tags = journal.entries.map((entry) => entry.tag);
  const definitions = readDefinitions(definitionsFolder, tags);

  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  await db.execute(sql`create table if not exists drizzle.schema_definitions (name text primary key, checksum text not null)`);
  const [last] = (
    (await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { created_at: string | number }[];
    }
  ).rows;
  const applied = new Map(
    (
      (await db.execute(sql`select name, checksum from drizzle.schema_definitions`)) as unknown as {
        rows: { name: string; checksum: string }[];
      }
    ).rows.map((row) => [row.name, row.checksum]),
  );

  await db.transaction(async (tx) => {
    const apply = async (definition: Definition) => {
      for (const statement of definition.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.schema_definitions (name, checksum) values (${definition.name}, ${definition.checksum})
            on conflict (name) do update set checksum = excluded.checksum`,
      );
      applied.set(definition.name, definition.checksum);
    };
    for (const [index, migration] of migrations.entries()) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      for (const definition of definitions) {
        if (definition.after === tags[index] && applied.get(definition.name) !== definition.checksum) await apply(definition);
      }
    }
    // Every migration has run by now: a definition changed since it was last applied goes in again.
    for (const definition of definitions) {
      if (applied.get(definition.name) !== definition.checksum) await apply(definition);
    }
    const names = definitions.map((definition) => definition.name);
    for (const name of applied.keys()) {
      if (!names.includes(name)) await tx.execute(sql`delete from drizzle.schema_definitions where name = ${name}`);
    }
  });
}
