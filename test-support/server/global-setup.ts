import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open-database';
import { seedReferenceData } from '../../src/server/db/seed/seed-reference-data';

/**
 * Migrates (and fills with reference data) one embedded database for the whole run and dumps it
 * to a file; each test file then clones it (≈0.5 s) instead of running initdb and the migrations again (≈3 s).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bj-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
