import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, ownFunctions } from '../../../test-support/server/catalogue';
import { definitionsFolderWith, journal, migrateAsShipped, migrationsFolderWith } from '../../../test-support/server/migration-folders';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from '../../../test-support/server/test-app';
import { migrateDatabase, readDefinitions } from './migrator';
import { type Database, definitionsFolder, migrationsFolder, openDatabase } from './open-database';

const tags = journal.entries.map((entry) => entry.tag);
const definitions = readDefinitions(definitionsFolder, tags);
const migrationText = (tag: string) => fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
/** The SQL a statement runs, without its comments (which may name what they speak of). */
const code = (text: string) => text.replace(/--.*$/gm, '');
/** The functions, triggers and views a piece of SQL creates, by name. */
const created = (text: string) =>
  [...code(text).matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|TRIGGER|VIEW|MATERIALIZED\s+VIEW)\s+"?(\w+)"?/gi)].map(
    (match) => match[1]!,
  );

async function rows<T>(database: TestDatabase, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The database today's migrator builds from nothing: what every other path must end at. */
let fresh: [string, string][];
beforeAll(async () => {
  const database = await createEmptyTestDatabase();
  try {
    await database.migrate();
    fresh = await catalogue(database);
  } finally {
    await database.close();
  }
}, 60_000);

describe('functions, triggers and views are stated once', () => {
  it('each definition file defines one function, named as the file, and only triggers that run it', () => {
    for (const definition of definitions) {
      const text = definition.statements.join('\n');
      const functions = [...code(text).matchAll(/\bCREATE\s+OR\s+REPLACE\s+FUNCTION\s+"?(\w+)"?/gi)].map((match) => match[1]);
      expect(functions, definition.name).toEqual([definition.name]);
      for (const trigger of code(text).match(/\bCREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\b[\s\S]*?;/gi) ?? []) {
        expect(trigger, definition.name).toMatch(new RegExp(`EXECUTE FUNCTION "${definition.name}"\\(`));
      }
    }
  });

  it('no migration creates a function, trigger or view that a definition file defines', () => {
    const defined = new Set(definitions.flatMap((definition) => created(definition.statements.join('\n'))));
    for (const tag of tags) {
      expect(
        created(migrationText(tag)).filter((name) => defined.has(name)),
        `${tag} restates what src/server/db/definitions holds`,
      ).toEqual([]);
    }
  });

  it('every function of the database is written in exactly one file: its definition, or the migration of the index built on it', async () => {
    const database = await createTestDatabase();
    try {
      for (const name of await ownFunctions(database)) {
        const places = [
          ...definitions
            .filter((definition) => created(definition.statements.join('\n')).includes(name))
            .map((d) => `definitions/${d.name}`),
          ...tags.filter((tag) => created(migrationText(tag)).includes(name)),
        ];
        expect(places, name).toHaveLength(1);
      }
    } finally {
      await database.close();
    }
  });
});

describe('the database that results is the same', () => {
  it("a database built by the migrations as they shipped, every function inside them, has after today's migrator the catalogue of one built today", async () => {
    const database = await createEmptyTestDatabase();
    try {
      await migrateAsShipped(database, migrationsFolderWith(tags.length, { shipped: true }));
      await database.migrate();
      expect(await catalogue(database)).toEqual(fresh);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('an upgrade from every earlier release (each count of migrations, as they shipped) ends at the same catalogue', async () => {
    // PGlite: one database grows a migration at a time, as releases did, and a copy of its files is upgraded at each
    // step. PostgreSQL: each release's database is built anew (a template copy would need the pool closed).
    const growing = process.env.TEST_DATABASE_URL ? undefined : await createEmptyTestDatabase();
    try {
      for (let count = 1; count < tags.length; count++) {
        const shipped = migrationsFolderWith(count, { shipped: true });
        let release: Database;
        if (growing) {
          await migrateAsShipped(growing, shipped);
          release = await openDatabase({ kind: 'pglite', loadDataDir: await growing.dump!() });
        } else {
          release = await createEmptyTestDatabase();
          await migrateAsShipped(release, shipped);
        }
        try {
          await release.migrate();
          expect(await catalogue(release), `upgrade from ${tags[count - 1]}`).toEqual(fresh);
        } finally {
          await release.close();
        }
      }
    } finally {
      await growing?.close();
    }
  }, 600_000);
});

describe('a definition is applied when its text changes, in the migration transaction', () => {
  const probe = (body: string) =>
    `-- after migration: ${tags[0]}\nCREATE FUNCTION "definition_probe"() RETURNS integer LANGUAGE sql AS $$ ${body} $$;\n`;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const probed = async () => (await rows<{ value: number }>(database, sql`select definition_probe() as value`))[0]?.value;
  const checksums = () =>
    rows<{ name: string; checksum: string }>(database, sql`select name, checksum from drizzle.schema_definitions order by name`);

  it('a new definition goes in once: running the migrator again does not apply it again', async () => {
    const folders = { migrationsFolder, definitionsFolder: definitionsFolderWith({ definition_probe: probe('SELECT 1') }) };
    await migrateDatabase(database.db, folders);
    expect(await probed()).toBe(1);
    // Applied a second time, its CREATE FUNCTION (without OR REPLACE) would fail.
    await migrateDatabase(database.db, folders);
    expect(await probed()).toBe(1);
  });

  it('a changed definition goes in again on the next run, and only it', async () => {
    const before = await checksums();
    const changed = probe('SELECT 2').replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
    await migrateDatabase(database.db, { migrationsFolder, definitionsFolder: definitionsFolderWith({ definition_probe: changed }) });
    expect(await probed()).toBe(2);
    const after = await checksums();
    expect(
      after.filter((row) => !before.some((old) => old.name === row.name && old.checksum === row.checksum)).map((row) => row.name),
    ).toEqual(['definition_probe']);
  });

  it('a definition that fails leaves the database as it was, pending migrations included', async () => {
    const before = await checksums();
    const migrations = migrationsFolderWith(tags.length, {
      extra: [{ tag: '9999_nova', sql: 'CREATE TABLE "tabela_nova" ("id" integer);' }],
    });
    const broken = `-- after migration: 9999_nova\nCREATE OR REPLACE FUNCTION "definition_probe"() RETURNS integer LANGUAGE sql AS $$ SELECT 3 $$;\n--> statement-breakpoint\nSELECT 1 / 0;\n`;
    await expect(
      migrateDatabase(database.db, {
        migrationsFolder: migrations,
        definitionsFolder: definitionsFolderWith({ definition_probe: broken }),
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await probed()).toBe(2);
    expect(await rows(database, sql`select to_regclass('public.tabela_nova') as t`)).toEqual([{ t: null }]);
    expect(await checksums()).toEqual(before);
  });

  it('a definition must name a migration that exists, in its first line', () => {
    const folder = definitionsFolderWith({ definition_probe: `-- after migration: 9999_nenhuma\nSELECT 1;\n` });
    expect(() => readDefinitions(folder, tags)).toThrow('definitions/definition_probe.sql: a primeira linha deve ser');
  });
});
