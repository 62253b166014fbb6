import { DataDirInUseError } from './db/data-dir';
import { ConfigError, loadConfig } from './lib/config';
import { startServer } from './server';

async function main() {
  const server = await startServer(loadConfig());
  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});
