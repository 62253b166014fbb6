import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database's folder (DATA_DIR): created for its owner only, and locked while a process has it open, because
 * PGlite is single-process and two writers would corrupt it. The lock is a file inside the folder naming its holder's
 * pid; a lock whose process is gone (a crash, a kill -9, a reboot that reused the pid) is stale and taken over.
 */
export const LOCK_FILE = 'bora-jogar.lock';

export type DataDirHolder = 'server' | 'backup' | 'restore';

export type LockInfo = {
  /** Tells this lock from any other, also one written by an earlier life of the same pid. */
  id: string;
  pid: number;
  /** When the kernel started the process (Linux), so a pid reused by another program is not mistaken for the holder. */
  processStart: string | null;
  host: string;
  holder: DataDirHolder;
  since: string;
  /** Where a running server takes backup requests (loopback only, with this bearer token). */
  backupEndpoint?: { port: number; token: string };
};

export type DataDirLock = {
  readonly dataDir: string;
  readonly info: LockInfo;
  /** Rewrites the lock file with more about its holder (atomically: a reader sees the old or the new content). */
  update(patch: Pick<LockInfo, 'backupEndpoint'>): void;
  release(): void;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(inUseMessage(dataDir, holder));
    this.name = 'DataDirInUseError';
  }
}

function inUseMessage(dataDir: string, lock: LockInfo): string {
  const who = {
    server: 'outro servidor Bora Jogar',
    backup: 'um backup em andamento',
    restore: 'uma restauração em andamento',
  }[lock.holder];
  const since = Number.isNaN(Date.parse(lock.since)) ? lock.since : new Date(lock.since).toLocaleString('pt-BR');
  const advice =
    lock.holder === 'server'
      ? 'O banco embutido só pode ser aberto por um processo de cada vez: pare o outro servidor ou use outra DATA_DIR (para várias instâncias, use PostgreSQL com DATABASE_URL).'
      : 'Espere terminar e tente de novo.';
  return `A pasta de dados ${dataDir} já está em uso por ${who} (processo ${lock.pid} em ${lock.host}, desde ${since}). ${advice}`;
}

/** Creates the folder (owner-only) or narrows an existing one to its owner: it holds password hashes and balances. */
export function prepareDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const mode = fs.statSync(dataDir).mode & 0o777;
  if (mode === 0o700) return;
  try {
    fs.chmodSync(dataDir, 0o700);
  } catch {
    // Someone else owns the folder; its permissions are theirs to set.
  }
}

/** The folder has no entries at all (or does not exist). */
export function isDataDirEmpty(dataDir: string): boolean {
  try {
    return fs.readdirSync(dataDir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The folder holds an embedded database (PGlite writes PG_VERSION when it creates one). */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

const heldHere = new Set<string>();
const heldFiles = new Map<string, string>();
let isExitHookInstalled = false;

/** Takes the folder's lock for this process or throws DataDirInUseError naming the live holder. */
export function acquireDataDirLock(dataDir: string, holder: DataDirHolder): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const info: LockInfo = {
    id: randomBytes(12).toString('hex'),
    pid: process.pid,
    processStart: processStartOf(process.pid),
    host: os.hostname(),
    holder,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      return heldLock(dataDir, lockPath, info);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLockFile(lockPath);
    if (current === undefined) continue;
    if (isHeld(current, lockPath)) {
      if (current.info) throw new DataDirInUseError(dataDir, current.info);
      throw new Error(`A pasta de dados ${dataDir} está sendo trancada por outro processo agora; tente de novo em alguns segundos.`);
    }
    takeOverStale(lockPath, current.raw);
  }
  throw new Error(`Não foi possível trancar a pasta de dados ${dataDir}: outro processo disputa ${LOCK_FILE}; tente de novo.`);
}

/** The live holder of the folder's lock, if any. */
export function readDataDirLock(dataDir: string): LockInfo | undefined {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const current = readLockFile(lockPath);
  return current?.info && isHeld(current, lockPath) ? current.info : undefined;
}

function heldLock(dataDir: string, lockPath: string, initial: LockInfo): DataDirLock {
  let info = initial;
  heldHere.add(info.id);
  heldFiles.set(info.id, lockPath);
  installExitHook();
  return {
    dataDir,
    get info() {
      return info;
    },
    update(patch) {
      info = { ...info, ...patch };
      const temporary = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(temporary, JSON.stringify(info), { mode: 0o600 });
      fs.renameSync(temporary, lockPath);
    },
    release() {
      if (!heldHere.delete(info.id)) return;
      heldFiles.delete(info.id);
      removeIfOurs(lockPath, info.id);
    },
  };
}

/** A crash skips release(); a normal exit (even process.exit) still removes the locks this process holds. */
function installExitHook() {
  if (isExitHookInstalled) return;
  isExitHookInstalled = true;
  process.on('exit', () => {
    for (const [id, lockPath] of heldFiles) removeIfOurs(lockPath, id);
  });
}

function removeIfOurs(lockPath: string, id: string) {
  const current = readLockFile(lockPath);
  if (current?.info?.id !== id) return;
  try {
    fs.unlinkSync(lockPath);
  } catch {
    // Already gone.
  }
}

type LockFile = { raw: string; info: LockInfo | undefined; modifiedAt: number };

function readLockFile(lockPath: string): LockFile | undefined {
  try {
    const raw = fs.readFileSync(lockPath, 'utf8');
    const modifiedAt = fs.statSync(lockPath).mtimeMs;
    return { raw, info: parseLock(raw), modifiedAt };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseLock(raw: string): LockInfo | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockInfo>;
    if (typeof value.id !== 'string' || !Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return undefined;
    return value as LockInfo;
  } catch {
    return undefined;
  }
}

function isHeld(lock: LockFile, lockPath: string): boolean {
  const info = lock.info;
  // The file is written in one go right after it is created: an unreadable one is either being written this instant
  // or garbage left behind.
  if (!info) return Date.now() - lock.modifiedAt < 10_000 && fs.existsSync(lockPath);
  if (info.pid === process.pid) return heldHere.has(info.id);
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    // ESRCH: no such process. EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStartOf(info.pid);
  return !(info.processStart && start && start !== info.processStart);
}

/**
 * Removes a stale lock, making sure it removes the file it judged stale and not a fresh lock another process wrote in
 * the meantime: the file is moved aside first and compared.
 */
function takeOverStale(lockPath: string, staleRaw: string) {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (fs.readFileSync(aside, 'utf8') !== staleRaw) fs.renameSync(aside, lockPath);
  else fs.unlinkSync(aside);
}

/** Field 22 of /proc/PID/stat (start time in clock ticks since boot); null where there is no /proc. */
function processStartOf(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; fields 3 on follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
