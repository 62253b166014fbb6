import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DataDirInUseError, hasDatabase, isDataDirEmpty, type LockInfo, readDataDirLock } from './data-dir';
import { openDatabase } from './open-database';
import { compressSnapshot, decompressSnapshot, SnapshotError } from './snapshot';

/** A backup or restore that cannot go on; the message (pt-BR) says why and what to do. */
export class BackupError extends Error {}

export type BackupResult = {
  file: string;
  bytes: number;
  ms: number;
  /** `server`: copied by the running server that holds the folder; `folder`: this process opened the folder itself. */
  source: 'server' | 'folder';
  serverPid?: number;
};

/**
 * Writes one gzipped snapshot of the embedded database in `dataDir` to `file` (owner-only, never over an existing file,
 * never half-written: it is renamed into place once checked). With a server running on the folder the server makes the
 * copy between transactions; otherwise this process opens the folder, locking out a server that starts meanwhile.
 */
export async function backupDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<BackupResult> {
  const started = Date.now();
  if (fs.existsSync(file)) throw new BackupError(`O arquivo ${file} já existe: um backup nunca sobrescreve outro. Escolha outro nome.`);
  if (!fs.existsSync(path.dirname(file)))
    throw new BackupError(`A pasta ${path.dirname(file)} não existe: crie-a ou escolha outro caminho para o backup.`);
  if (!hasDatabase(dataDir)) throw new BackupError(`Não há banco embutido em ${dataDir} (DATA_DIR): nada para copiar.`);

  const holder = readDataDirLock(dataDir);
  let gzipped: Uint8Array<ArrayBuffer>;
  if (holder?.holder === 'server') {
    gzipped = await fetchFromServer(dataDir, holder);
  } else {
    gzipped = await copyFolder(dataDir);
  }
  try {
    await decompressSnapshot(gzipped);
  } catch (error) {
    throw new BackupError(`A cópia saiu inválida (${(error as Error).message}); nada foi gravado. Tente de novo.`);
  }
  writeAtomically(file, gzipped);
  return {
    file,
    bytes: gzipped.length,
    ms: Date.now() - started,
    source: holder?.holder === 'server' ? 'server' : 'folder',
    serverPid: holder?.holder === 'server' ? holder.pid : undefined,
  };
}

async function fetchFromServer(dataDir: string, server: LockInfo): Promise<Uint8Array<ArrayBuffer>> {
  if (!server.backupEndpoint) {
    throw new BackupError(`O servidor (processo ${server.pid}) está iniciando com ${dataDir}; tente de novo em alguns segundos.`);
  }
  const { port, token } = server.backupEndpoint;
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new BackupError(
      `O servidor (processo ${server.pid}) está usando ${dataDir} mas não atendeu o pedido de backup em 127.0.0.1:${port}. Confira se ele está no ar; se não estiver, pare-o de vez e rode o backup de novo.`,
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new BackupError(`O servidor (processo ${server.pid}) recusou o backup: ${body.message ?? `HTTP ${response.status}`}.`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function copyFolder(dataDir: string): Promise<Uint8Array<ArrayBuffer>> {
  let database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir, holder: 'backup' });
  } catch (error) {
    if (error instanceof DataDirInUseError && error.holder.holder === 'server') {
      throw new BackupError(
        `Um servidor acabou de abrir ${dataDir} (processo ${error.holder.pid}); rode o backup de novo para que ele faça a cópia.`,
      );
    }
    throw error;
  }
  try {
    const tar = await database.dump!();
    return new Uint8Array(await compressSnapshot(new Uint8Array(await tar.arrayBuffer())));
  } finally {
    await database.close();
  }
}

function writeAtomically(file: string, bytes: Uint8Array) {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    // link() fails when the name was taken in the meantime, where rename() would silently replace it.
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`O arquivo ${file} apareceu durante o backup; nada foi sobrescrito.`);
    fs.renameSync(temporary, file);
    return;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

export type RestoreResult = { dataDir: string; users: number; games: number; ledgerEntries: number; migrations: number };

/**
 * Fills an empty (or missing) `dataDir` from a backup file and checks it opens as a Bora Jogar database. Refuses a folder
 * with anything in it, so a restore never overwrites data; on failure it leaves the folder empty again.
 */
export async function restoreDataDir({ dataDir, file }: { dataDir: string; file: string }): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupError(`O arquivo ${file} não existe.`);
  if (!isDataDirEmpty(dataDir)) {
    throw new BackupError(
      `A pasta de dados ${dataDir} (DATA_DIR) não está vazia: a restauração só preenche uma pasta vazia, para nunca apagar um banco. Pare o servidor, mova essa pasta para outro lugar (ou aponte DATA_DIR para uma pasta nova) e rode de novo.`,
    );
  }
  let tar: Uint8Array<ArrayBuffer>;
  try {
    tar = await decompressSnapshot(new Uint8Array(fs.readFileSync(file)));
  } catch (error) {
    if (error instanceof SnapshotError) throw new BackupError(`${file} não é um backup do banco embutido: ${error.message}.`);
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir, holder: 'restore', loadDataDir: new Blob([tar]) });
  } catch (error) {
    if (error instanceof DataDirInUseError) throw error;
    emptyFolder(dataDir);
    throw new BackupError(`O banco do arquivo ${file} não abriu (${(error as Error).message}); ${dataDir} ficou vazia.`);
  }
  try {
    const counts = (await database.db.execute(sql`
      select
        (select count(*) from users)::int as users,
        (select count(*) from games)::int as games,
        (select count(*) from credit_transactions)::int as ledger,
        (select count(*) from drizzle.__drizzle_migrations)::int as migrations
    `)) as { rows: { users: number; games: number; ledger: number; migrations: number }[] };
    const row = counts.rows[0]!;
    await database.close();
    return { dataDir, users: row.users, games: row.games, ledgerEntries: row.ledger, migrations: row.migrations };
  } catch (error) {
    await database.close();
    emptyFolder(dataDir);
    throw new BackupError(`${file} não parece um backup do Bora Jogar (${(error as Error).message}); ${dataDir} ficou vazia.`);
  }
}

/** Only ever called on a folder this restore found empty and has been filling. */
function emptyFolder(dataDir: string) {
  for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
}

/** What to do instead when the database is PostgreSQL (DATABASE_URL). */
export function postgresBackupAdvice(command: 'backup' | 'restore'): string {
  const intro =
    command === 'backup'
      ? 'DATABASE_URL está definida: o banco é um PostgreSQL, e o backup dele se faz com as ferramentas do PostgreSQL (da mesma versão do servidor ou mais nova), não com este comando.'
      : 'DATABASE_URL está definida: o banco é um PostgreSQL, e a restauração se faz com as ferramentas do PostgreSQL, não com este comando.';
  return [
    intro,
    '',
    'Backup (um arquivo, com o servidor no ar):',
    '  pg_dump --format=custom --file=bora-jogar.dump "$DATABASE_URL"',
    '',
    'Restauração, num banco vazio (createdb), com o servidor parado:',
    '  pg_restore --no-owner --no-privileges --dbname="$DATABASE_URL" bora-jogar.dump',
    '',
    'Depois, npm start aplica as migrações que faltarem. Serviços gerenciados (RDS, Cloud SQL, Supabase, Neon…) também fazem backups pelo próprio painel.',
  ].join('\n');
}
