import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE, prepareDataDir, readDataDirLock } from './data-dir';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-data-dir-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let counter = 0;
const newDir = () => {
  const dir = path.join(root, `d${++counter}`);
  fs.mkdirSync(dir);
  return dir;
};
const lockFile = (dir: string) => path.join(dir, LOCK_FILE);
const readLock = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const dataDirModule = path.join(import.meta.dirname, 'data-dir.ts');

/** Another process that takes the folder's lock the way a server does, and keeps it until killed. */
async function otherProcessHolding(dir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(dataDirModule)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}, 'server'); console.log('locked'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return child;
}

async function killHard(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('creates the folder, and any missing parent, for its owner only', () => {
    const dir = path.join(root, 'novo', 'data');
    prepareDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('narrows an existing folder that others could read', () => {
    const dir = newDir();
    fs.chmodSync(dir, 0o755);
    prepareDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe('data folder lock', () => {
  it('refuses a second holder, naming the folder and the process, until the first releases', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'server', id: lock.info.id });
    if (process.platform !== 'win32') expect(modeOf(lockFile(dir))).toBe(0o600);

    expect(() => acquireDataDirLock(dir, 'backup')).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir, 'backup')).toThrow(
      `A pasta de dados ${dir} já está em uso por outro servidor Bora Jogar (processo ${process.pid}`,
    );
    expect(readDataDirLock(dir)?.id).toBe(lock.info.id);

    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    expect(readDataDirLock(dir)).toBeUndefined();
    acquireDataDirLock(dir, 'restore').release();
  });

  it('keeps what update() adds and stays held', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir, 'server');
    lock.update({ backupEndpoint: { port: 1234, token: 'segredo' } });
    expect(readLock(dir)).toMatchObject({ id: lock.info.id, backupEndpoint: { port: 1234, token: 'segredo' } });
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirInUseError);
    lock.release();
  });

  it('refuses while another live process holds the folder, and takes over once it was killed without releasing', async () => {
    const dir = newDir();
    const child = await otherProcessHolding(dir);
    try {
      const attempt = () => acquireDataDirLock(dir, 'server');
      expect(attempt).toThrow(`já está em uso por outro servidor Bora Jogar (processo ${child.pid} em ${os.hostname()}`);
    } finally {
      await killHard(child);
    }
    // kill -9 left the file behind; its process is gone, so it no longer holds anything.
    expect(readLock(dir).pid).toBe(child.pid);
    expect(readDataDirLock(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, id: lock.info.id });
    lock.release();
  });

  it('is removed when its process exits normally without releasing', () => {
    const dir = newDir();
    const script = `import(${JSON.stringify(dataDirModule)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}, 'backup'); process.exit(0); });`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'inherit' });
    expect(result.status).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is not fooled by a lock naming this very pid from an earlier run (a restarted container)', () => {
    const dir = newDir();
    fs.writeFileSync(
      lockFile(dir),
      JSON.stringify({ id: 'de-uma-vida-anterior', pid: process.pid, processStart: null, host: 'x', holder: 'server', since: '' }),
    );
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLock(dir).id).toBe(lock.info.id);
    lock.release();
  });

  it.skipIf(process.platform !== 'linux')('is not fooled by a pid that a different process now has (start times differ)', () => {
    const dir = newDir();
    fs.writeFileSync(
      lockFile(dir),
      JSON.stringify({ id: 'antigo', pid: process.ppid, processStart: '1', host: os.hostname(), holder: 'server', since: '' }),
    );
    const lock = acquireDataDirLock(dir, 'server');
    expect(readLock(dir).id).toBe(lock.info.id);
    lock.release();
  });

  it('treats an unreadable lock file as being written right now, and as garbage once it is old', () => {
    const dir = newDir();
    fs.writeFileSync(lockFile(dir), '');
    expect(() => acquireDataDirLock(dir, 'server')).toThrow('está sendo trancada por outro processo agora');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(dir), old, old);
    acquireDataDirLock(dir, 'server').release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
