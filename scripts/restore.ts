// `npm run restore -- ARQUIVO`: fills an empty DATA_DIR from a file written by `npm run backup`. With DATABASE_URL it
// explains pg_restore instead. Decision 019.
import { restoreDataDir } from '../src/server/db/backup';
import { runBackupCommand } from './backup-command';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

runBackupCommand({
  kind: 'restore',
  usageHint: 'com DATA_DIR apontando para uma pasta vazia ou inexistente',
  run: async (config, source) => {
    const result = await restoreDataDir({ dataDir: config.dataDir, file: source });
    console.log(
      `Banco restaurado em ${result.dataDir}: ${count(result.users, 'usuário', 'usuários')}, ${count(result.games, 'jogo', 'jogos')}, ` +
        `${count(result.ledgerEntries, 'lançamento', 'lançamentos')} de crédito.`,
    );
    console.log('Inicie o servidor com npm start (as migrações que faltarem são aplicadas na partida).');
  },
});
