// `npm run backup -- ARQUIVO`: one gzipped snapshot of the embedded database (DATA_DIR), taken by the running server
// when there is one. With DATABASE_URL it explains pg_dump instead. Decision 019.
import path from 'node:path';
import { BackupError, backupDataDir, postgresBackupAdvice } from '../src/server/db/backup';
import { DataDirInUseError } from '../src/server/db/data-dir';
import { ConfigError, loadConfig } from '../src/server/lib/config';

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

async function main(): Promise<number> {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) {
    console.error('Uso: npm run backup -- ARQUIVO   (por exemplo: npm run backup -- backups/bora-jogar-2026-11-23.tar.gz)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice('backup'));
    return 1;
  }
  // npm runs scripts from the project folder; a relative file name means the folder the command was typed in.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await backupDataDir({ dataDir: config.dataDir, file: target });
  const source =
    result.source === 'server' ? `copiado pelo servidor em execução (processo ${result.serverPid})` : `copiado da pasta ${config.dataDir}`;
  console.log(`Backup gravado em ${result.file}: ${megabytes(result.bytes)} em ${seconds(result.ms)}, ${source}.`);
  console.log('Para restaurar: npm run restore -- ARQUIVO, com DATA_DIR apontando para uma pasta vazia (veja "Backup" no README).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
    else console.error('Falha no backup:', error);
    process.exit(1);
  },
);
