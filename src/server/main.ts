import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { seedDemo } from './db/seed/seed-demo';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  await ensureAdmin(database.db, config.admin);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;

  const app = await buildApp({ config, database, webRoot });
  if (seeded) app.log.info('banco vazio: dados de demonstração criados (contas no README)');
  app.log.info(database.kind === 'pglite' ? `banco embutido em ${config.dataDir}` : 'banco PostgreSQL (DATABASE_URL)');

  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Bora Jogar em ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Falha ao iniciar o servidor:', error);
  }
  process.exit(1);
});
