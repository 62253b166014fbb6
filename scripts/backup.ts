// `npm run backup -- ARQUIVO`: one gzipped snapshot of the embedded database (DATA_DIR), taken by the running server
// when there is one. With DATABASE_URL it explains pg_dump instead. Decision 019.
import { backupDataDir } from '../src/server/db/backup';
import { runBackupCommand } from './backup-command';

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

runBackupCommand({
  kind: 'backup',
  usageHint: 'por exemplo: npm run backup -- backups/bora-jogar-2026-11-23.tar.gz',
  run: async (config, target) => {
    const result = await backupDataDir({ dataDir: config.dataDir, file: target });
    const source =
      result.source === 'server'
        ? `copiado pelo servidor em execução (processo ${result.serverPid})`
        : `copiado da pasta ${config.dataDir}`;
    console.log(`Backup gravado em ${result.file}: ${megabytes(result.bytes)} em ${seconds(result.ms)}, ${source}.`);
    console.log('Para restaurar: npm run restore -- ARQUIVO, com DATA_DIR apontando para uma pasta vazia (veja docs/backup.md).');
  },
});
