import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { unsubscribeSecret } from './core/notifications/unsubscribe-link';
import { startBackupEndpoint } from './db/backup-endpoint';
import { openDatabase } from './db/open-database';
import { seedReferenceData } from './db/seed/seed-reference-data';
import { type Config, ConfigError } from './lib/config';
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

const CONNECTION_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  ENOTFOUND: 'endereço não encontrado',
  EAI_AGAIN: 'endereço não encontrado',
  ETIMEDOUT: 'tempo esgotado',
  EHOSTUNREACH: 'endereço inalcançável',
  '28P01': 'usuário ou senha recusados',
  '28000': 'acesso recusado',
  '3D000': 'o banco de dados não existe',
};

/** One line naming DATABASE_URL's host and what went wrong, when the error is a failure to connect. */
function databaseUnreachable(url: string, error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const reason = (code && CONNECTION_FAILURES[code]) ?? (/timeout/i.test(message ?? '') ? 'tempo esgotado' : undefined);
  if (!reason) return undefined;
  const { hostname, port } = new URL(url);
  return `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${hostname}:${port || '5432'}): ${reason}.`;
}

export type RunningServer = { app: FastifyInstance; close(): Promise<void> };

/**
 * Opens the database (embedded under DATA_DIR, in memory when `inMemory`, or PostgreSQL), migrates,
 * fills in the reference data (sports, states, cities), makes sure the configured admin exists,
 * seeds demo data on an empty database, and listens.
 */
export async function startServer(config: Config, options: { inMemory?: boolean; webRoot?: string } = {}): Promise<RunningServer> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: options.inMemory ? undefined : config.dataDir },
  );
  const seeded = await database
    .exclusively(async () => {
      await database.migrate();
      await seedReferenceData(database.db);
      await unsubscribeSecret(database.db);
      await ensureAdmin(database.db, config.admin);
      return config.seedDemo ? seedDemo(database.db) : false;
    })
    .catch(async (error: unknown) => {
      await database.close().catch(() => {});
      const unreachable = config.databaseUrl && databaseUnreachable(config.databaseUrl, error);
      throw unreachable ? new ConfigError(unreachable) : error;
    });

  const app = await buildApp({ config, database, webRoot: options.webRoot ?? defaultWebRoot });
  if (seeded) app.log.info('banco vazio: dados de demonstração criados (contas no README)');
  app.log.info(
    database.kind === 'pglite' ? `banco embutido em ${options.inMemory ? 'memória' : config.dataDir}` : 'banco PostgreSQL (DATABASE_URL)',
  );
  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: `npm run backup` asks this server for the copy (decision 019).
  const backupEndpoint = database.dataDirLock
    ? await startBackupEndpoint(
        database,
        database.dataDirLock,
        ({ bytes, ms }) => app.log.info(`backup do banco embutido entregue: ${(bytes / 1e6).toFixed(1)} MB em ${ms} ms`),
        (error) => app.log.error({ err: error }, 'backup do banco embutido falhou'),
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
