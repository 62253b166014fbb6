import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, DAY_MS } from '../../../test-support/server/factories';
import { expectLedgerBalanced } from '../../../test-support/server/ledger';
import { loadConfig } from '../lib/config';
import { type RunningServer, startServer } from '../server';
import { backupDataDir, restoreDataDir } from './backup';
import { DataDirInUseError, LOCK_FILE } from './data-dir';
import { type Db, openDatabase } from './open-database';
import { decompressSnapshot, tarEntries } from './snapshot';

/**
 * The embedded database's backup as a user runs it: the server on a data folder, `npm run backup` and `npm run restore`
 * as separate processes (the commands package.json runs), and a server started on the restored folder. These tests need
 * no PostgreSQL, so they also run in the PostgreSQL and Node 24 runs of the suite.
 */

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-backup-'));
const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function serverConfig(dataDir: string) {
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'off',
    RATE_LIMITS: 'off',
    LISTING_CACHE_MS: '0',
  });
}

async function start(dataDir: string) {
  const server = await startServer(serverConfig(dataDir), { webRoot: path.join(root, 'sem-web') });
  running.push(server);
  return server;
}

async function stop(server: RunningServer) {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

type CommandResult = { code: number | null; stdout: string; stderr: string };

/** `npm run backup -- FILE` / `npm run restore -- FILE`, as package.json runs them, from the project folder. */
function npmScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: projectRoot,
    env: { ...inherited, INIT_CWD: root, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

/** Every row of every application table, to compare two databases. */
async function everyRow(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as { rows: { table_name: string }[] };
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const { table_name: table } of tables.rows) {
    result[table] = ((await db.execute(sql.raw(`select * from "${table}" order by 1`))) as { rows: Record<string, unknown>[] }).rows;
  }
  const migrations = (await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`)) as {
    rows: Record<string, unknown>[];
  };
  result['drizzle.__drizzle_migrations'] = migrations.rows;
  return result;
}

/** Players with passwords, credits, a game they paid for with credits: users, balances, ledger and games to keep. */
async function fillWithPlayers(app: FastifyInstance) {
  const players = [];
  for (const [index, name] of ['Ana Backup', 'Bruno Backup'].entries()) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@backup.test`;
    const password = `senha-de-${name.split(' ')[0]!.toLowerCase()}-123`;
    const registered = await post(app, '/api/auth/register', { name, email, password });
    expect(registered.statusCode).toBe(201);
    const { token } = registered.json() as { token: string };
    const phone = await app.inject({
      method: 'PUT',
      url: '/api/users/phone',
      payload: { phone: '48991234567' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(phone.statusCode).toBe(200);
    expect((await post(app, '/api/credits/add', { amount: 50 + index * 25 }, token)).statusCode).toBe(200);
    players.push({ email, password, token });
  }
  const game = await createGame(app.ctx.db, { priceCents: 1500, dateTime: new Date(Date.now() + 7 * DAY_MS) });
  for (const player of players) {
    expect((await post(app, `/api/games/${game.id}/apply`, { paymentType: 'credit' }, player.token)).statusCode).toBe(200);
  }
  return { players, game };
}

describe('backup and restore of the embedded database', () => {
  const original = path.join(root, 'original');
  let server: RunningServer;
  let filled: Awaited<ReturnType<typeof fillWithPlayers>>;
  beforeAll(async () => {
    server = await start(original);
    filled = await fillWithPlayers(server.app);
  }, 120_000);

  it('refuses a second server on the same folder before it touches anything', async () => {
    const second = startServer(serverConfig(original));
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(
      `A pasta de dados ${original} já está em uso por outro servidor Bora Jogar (processo ${process.pid}`,
    );
  });

  it('a backup taken while players keep topping up is consistent: the restored ledger balances every user', async () => {
    const ledgerBefore = (await everyRow(server.app.ctx.db)).credit_transactions!.length;
    let isBackingUp = true;
    let topUps = 0;
    const traffic = (async () => {
      while (isBackingUp) {
        for (const player of filled.players) {
          expect((await post(server.app, '/api/credits/add', { amount: 1 }, player.token)).statusCode).toBe(200);
          topUps++;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const file = path.join(root, 'movimentado.tar.gz');
    const result = await backupDataDir({ dataDir: original, file }).finally(() => (isBackingUp = false));
    await traffic;
    expect(result.source).toBe('server');
    expect(topUps).toBeGreaterThan(0);

    const restoredDir = path.join(root, 'movimentado-restaurado');
    await restoreDataDir({ dataDir: restoredDir, file });
    const database = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      await expectLedgerBalanced(database.db);
      const ledger = (await database.db.execute(sql`select count(*)::int as n from credit_transactions`)) as { rows: { n: number }[] };
      expect(ledger.rows[0]!.n).toBeGreaterThanOrEqual(ledgerBefore);
      expect(ledger.rows[0]!.n).toBeLessThanOrEqual(ledgerBefore + topUps);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('npm run backup while the server runs, then npm run restore into an empty folder: the server starts there with the same users, passwords, balances, ledger and games', async () => {
    const { players, game } = filled;
    const before = await everyRow(server.app.ctx.db);
    // Two players and the game's organiser.
    expect(before.users).toHaveLength(3);
    const ledgerRows = before.credit_transactions!.length;
    expect(ledgerRows).toBeGreaterThanOrEqual(4);

    const backup = await npmScript('backup', ['copia.tar.gz'], { DATA_DIR: original });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = path.join(root, 'copia.tar.gz');
    expect(backup.stdout).toContain(`Backup gravado em ${file}`);
    expect(backup.stdout).toContain(`copiado pelo servidor em execução (processo ${process.pid})`);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const tarNames = tarEntries(await decompressSnapshot(new Uint8Array(fs.readFileSync(file)))).map((entry) => entry.name);
    expect(tarNames).toContain('/PG_VERSION');
    expect(tarNames.filter((name) => name.includes(LOCK_FILE))).toEqual([]);
    // A backup never replaces another one.
    await expect(backupDataDir({ dataDir: original, file })).rejects.toThrow(`O arquivo ${file} já existe`);

    await stop(server);
    // Restoring never overwrites a folder that holds anything.
    await expect(restoreDataDir({ dataDir: original, file })).rejects.toThrow(`A pasta de dados ${original} (DATA_DIR) não está vazia`);

    const restoredDir = path.join(root, 'restaurado');
    const restore = await npmScript('restore', ['copia.tar.gz'], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Banco restaurado em ${restoredDir}: 3 usuários, 1 jogo, ${ledgerRows} lançamentos de crédito.`);
    expect(fs.existsSync(path.join(restoredDir, LOCK_FILE))).toBe(false);
    if (process.platform !== 'win32') expect(fs.statSync(restoredDir).mode & 0o777).toBe(0o700);

    const restored = await start(restoredDir);
    expect(await everyRow(restored.app.ctx.db)).toEqual(before);
    await expectLedgerBalanced(restored.app.ctx.db);
    // Same passwords, and the same signing secret: a session from before the backup still works.
    for (const player of players) {
      const login = await post(restored.app, '/api/auth/login', { email: player.email, password: player.password });
      expect(login.statusCode).toBe(200);
    }
    const sessionFromBefore = players[0]!.token;
    const balanceBefore = before.users!.find((user) => user.email === players[0]!.email)!.balance_cents as number;
    const profile = await me(restored.app, sessionFromBefore);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: players[0]!.email, credits: balanceBefore / 100 });
    const gamePage = await restored.app.inject({
      method: 'GET',
      url: `/api/games/${game.id}`,
      headers: { authorization: `Bearer ${sessionFromBefore}` },
    });
    expect(gamePage.statusCode).toBe(200);
    // The restored sequences go on from where they were: new rows do not collide with restored ones.
    const newcomer = await post(restored.app, '/api/auth/register', {
      name: 'Carla Nova',
      email: 'carla@backup.test',
      password: 'senha-da-carla-123',
    });
    expect(newcomer.statusCode).toBe(201);
    await stop(restored);

    // With the server stopped, the backup opens the folder itself (and lets go of it).
    const offline = await backupDataDir({ dataDir: restoredDir, file: path.join(root, 'parado.tar.gz') });
    expect(offline.source).toBe('folder');
    expect(fs.readdirSync(restoredDir)).not.toContain(LOCK_FILE);
  }, 240_000);

  it('restore refuses what is not a backup, leaving the folder empty', async () => {
    const file = path.join(root, 'nao-e-backup.tar.gz');
    fs.writeFileSync(file, 'isto não é um backup');
    const emptyDir = path.join(root, 'vazia');
    await expect(restoreDataDir({ dataDir: emptyDir, file })).rejects.toThrow(`${file} não é um backup do banco embutido`);
    expect(fs.existsSync(emptyDir) ? fs.readdirSync(emptyDir) : []).toEqual([]);
  });

  it('npm run backup with DATABASE_URL points to pg_dump and pg_restore and writes nothing', async () => {
    const backup = await npmScript('backup', ['pg.tar.gz'], { DATABASE_URL: 'postgres://bora@db.exemplo:5432/bora' });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump --format=custom');
    expect(backup.stderr).toContain('pg_restore --no-owner');
    expect(fs.existsSync(path.join(root, 'pg.tar.gz'))).toBe(false);
  }, 60_000);
});
