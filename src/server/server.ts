import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { startBackupEndpoint } from './db/backup-endpoint';
import { openDatabase } from './db/open-database';
import { seedReferenceData } from './db/seed/seed-reference-data';
import type { Config } from './lib/config';
import { seedDemo } from './seed-demo';

export const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

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
  await database.migrate();
  await seedReferenceData(database.db);
  await ensureAdmin(database.db, config.admin);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;

  const app = await buildApp({ config, database, webRoot: options.webRoot ?? defaultWebRoot });
  if (seeded) app.log.info('banco vazio: dados de demonstração criados (contas no README)');
  app.log.info(database.kind === 'pglite' ? `banco embutido em ${options.inMemory ? 'memória' : config.dataDir}` : 'banco PostgreSQL (DATABASE_URL)');
  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: `npm run backup` asks this server for the copy (decision 019).
  const backupEndpoint = database.dataDirLock
    ? await startBackupEndpoint(database, database.dataDirLock, ({ bytes, ms }) =>
        app.log.info(`backup do banco embutido entregue: ${(bytes / 1e6).toFixed(1)} MB em ${ms} ms`),
      )
    : undefined;
  app.log.info(`Bora Jogar em ${config.publicUrl}`);
  return {
    app,
    async close() {
      await backupEndpoint?.close();
      await app.close();
      await database.close();
    },
  };
}
