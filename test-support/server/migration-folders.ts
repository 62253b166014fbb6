import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, definitionsFolder, migrationsFolder } from '../../src/server/db/open-database';

type JournalEntry = { idx: number; when: number; tag: string; breakpoints: boolean };
export const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

/**
 * The migrations whose functions and triggers moved to src/server/db/definitions (decision 072), as they shipped
 * before: what a database of an earlier release ran. The migrations test holds each to the hash drizzle recorded.
 */
export const shippedFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/shipped-migrations');
export const wasShippedOtherwise = (tag: string) => fs.existsSync(path.join(shippedFolder, `${tag}.sql`));
export const shippedSqlOf = (tag: string) =>
  fs.readFileSync(path.join(wasShippedOtherwise(tag) ? shippedFolder : migrationsFolder, `${tag}.sql`), 'utf8');

// One scratch folder per process, removed when it exits: test files share this module (the server project does not
// isolate them), so no one file's hooks may remove it.
const scratch = path.join(os.tmpdir(), `bj-migrations-${process.pid}`);
process.once('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
const scratchFolder = (prefix: string) => {
  fs.mkdirSync(scratch, { recursive: true });
  return fs.mkdtempSync(path.join(scratch, prefix));
};

/**
 * A migrations folder holding the first `count` migrations as they shipped (`shipped`, what earlier releases ran) or as
 * they are now, plus any extra ones (to stop an upgrade part-way).
 */
export function migrationsFolderWith(count: number, { shipped = false, extra = [] as { tag: string; sql: string }[] } = {}): string {
  const folder = scratchFolder('migrations-');
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries: JournalEntry[] = journal.entries.slice(0, count);
  for (const { tag } of entries) {
    fs.writeFileSync(
      path.join(folder, `${tag}.sql`),
      shipped ? shippedSqlOf(tag) : fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`)),
    );
  }
  let when = entries.at(-1)?.when ?? 0;
  for (const migration of extra) {
    when += 1000;
    entries.push({ idx: entries.length, when, tag: migration.tag, breakpoints: true });
    fs.writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
  }
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A copy of the definitions folder, with files added or replaced (`{name: text}`), to change a definition in a test. */
export function definitionsFolderWith(files: Record<string, string>): string {
  const folder = scratchFolder('definitions-');
  fs.cpSync(definitionsFolder, folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, `${name}.sql`), text);
  return folder;
}

/** The migrator earlier releases ran (drizzle's own, every function inside its migration), on a chosen folder. */
export async function migrateAsShipped(database: Database, folder: string) {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}
