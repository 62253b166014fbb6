import './lib/v8-tuning';
import { DataDirInUseError } from './db/data-dir';
import { ConfigError, loadConfig } from './lib/config';
import { startServer } from './server';

/** How long a stopping instance waits for the requests in flight before it closes what is left. */
const DRAIN_LIMIT_MS = 10_000;

async function main() {
  const server = await startServer(loadConfig());
  let isClosing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    server.app.log.info(`${signal}: encerrando (respondendo as requisições em andamento)`);
    const deadline = setTimeout(() => {
      server.app.log.warn(`requisições ainda abertas após ${DRAIN_LIMIT_MS / 1000} s: conexões fechadas`);
      server.app.server.closeAllConnections();
    }, DRAIN_LIMIT_MS);
    deadline.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      server.app.log.error({ err: error }, 'falha ao encerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});
