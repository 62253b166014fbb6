import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { openDatabase } from './db/open-database';
import { seedReferenceData } from './db/seed/seed-reference-data';
import type { Config } from './lib/config';
import { seedDemo } from './seed-demo';

/** The project folder: the nearest one above this file holding package.json (from src/server and dist/server alike). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const defaultWebRoot = path.join(projectRoot(), 'dist/web');

export type RunningServer = { app: FastifyInstance; close(): Promise<void> };

/**
 * Opens the database (embedded under DATA_DIR, in memory when `inMemory`, or PostgreSQL), migrates,
 * fills in the reference data (sports, states, cities), makes sure the configured admin exists,
 * seeds demo data on an empty database, and listens.
 */
export async function startServer(config: Config, options: { inMemory?: boolean; webRoot?: string } = {}): Promise<RunningServer> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: options.inMemory ? undefined : config.dataDir },
  );
  const seeded = await database.exclusively(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    await ensureAdmin(database.db, config.admin);
    return config.seedDemo ? seedDemo(database.db) : false;
  });

  const app = await buildApp({ config, database, webRoot: options.webRoot ?? defaultWebRoot });
  if (seeded) app.log.info('banco vazio: dados de demonstração criados (contas no README)');
  app.log.info(database.kind === 'pglite' ? `banco embutido em ${options.inMemory ? 'memória' : config.dataDir}` : 'banco PostgreSQL (DATABASE_URL)');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Bora Jogar em ${config.publicUrl}`);
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
