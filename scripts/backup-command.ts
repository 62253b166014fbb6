// What `npm run backup` and `npm run restore` share: one file argument, the embedded database only (with
// DATABASE_URL they explain the PostgreSQL tools instead), and known failures told in one plain line.
import path from 'node:path';
import { BackupError, postgresBackupAdvice } from '../src/server/db/backup';
import { DataDirInUseError } from '../src/server/db/data-dir';
import { type Config, ConfigError, loadConfig } from '../src/server/lib/config';

export function runBackupCommand(options: {
  kind: 'backup' | 'restore';
  /** What follows `Uso: npm run backup -- ARQUIVO` when the file is missing or there are more arguments. */
  usageHint: string;
  /** Does the work with the file resolved against the folder the command was typed in. */
  run: (config: Config, file: string) => Promise<void>;
}): void {
  async function main(): Promise<number> {
    const [file, ...extra] = process.argv.slice(2);
    if (!file || extra.length > 0) {
      console.error(`Uso: npm run ${options.kind} -- ARQUIVO   (${options.usageHint})`);
      return 2;
    }
    const config = loadConfig();
    if (config.databaseUrl) {
      console.error(postgresBackupAdvice(options.kind));
      return 1;
    }
    // npm runs scripts from the project folder; a relative file name means the folder the command was typed in.
    await options.run(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
    return 0;
  }

  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUseError) console.error(error.message);
      else console.error(options.kind === 'backup' ? 'Falha no backup:' : 'Falha na restauração:', error);
      process.exit(1);
    },
  );
}
