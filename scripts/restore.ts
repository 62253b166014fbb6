// `npm run restore -- ARQUIVO`: fills an empty DATA_DIR from a file written by `npm run backup`. With DATABASE_URL it
// explains pg_restore instead. Decision 019.
import path from 'node:path';
import { BackupError, postgresBackupAdvice, restoreDataDir } from '../src/server/db/backup';
import { DataDirInUseError } from '../src/server/db/data-dir';
import { ConfigError, loadConfig } from '../src/server/lib/config';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function main(): Promise<number> {
  const [file, ...extra] = process.argv.slice(2);
  if (!file || extra.length > 0) {
    console.error('Uso: npm run restore -- ARQUIVO   (com DATA_DIR apontando para uma pasta vazia ou inexistente)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice('restore'));
    return 1;
  }
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await restoreDataDir({ dataDir: config.dataDir, file: source });
  console.log(
    `Banco restaurado em ${result.dataDir}: ${count(result.users, 'usuário', 'usuários')}, ${count(result.games, 'jogo', 'jogos')}, ` +
      `${count(result.ledgerEntries, 'lançamento', 'lançamentos')} de crédito.`,
  );
  console.log('Inicie o servidor com npm start (as migrações que faltarem são aplicadas na partida).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
    else console.error('Falha na restauração:', error);
    process.exit(1);
  },
);
