// What the soak runs the product on: PostgreSQL (a cluster of its own it may restart, or DATABASE_URL), a redis-server
// of its own, and N instances of the compiled server, each on a port of its own that survives its restarts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../../scripts/build.mjs';
import { freePort, waitUntil } from '../../test-support/server/processes';
import { canRunThrowawayPostgres, throwawayPostgres } from '../../test-support/server/throwaway-postgres';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export type SoakDatabase = {
  url: string;
  /** How a restart is done: the cluster stopped and started, or (on a server not ours) every connection ended. */
  restartKind: 'pg_ctl' | 'terminate-backends';
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
};

async function adminQuery(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL when set (its connections ended for a "restart"); otherwise a cluster of the soak's own when the
 * machine has PostgreSQL's server binaries (really stopped and started); otherwise a throw-away database on the local
 * server (TEST_DATABASE_URL or 127.0.0.1:5432).
 */
export async function soakDatabase(): Promise<SoakDatabase> {
  const terminateAll = async (url: string) => {
    const name = new URL(url).pathname.slice(1);
    const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
    await adminQuery(adminUrl, 'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      name,
    ]);
  };
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    return { url, restartKind: 'terminate-backends', stop: () => terminateAll(url), start: async () => {}, remove: async () => {} };
  }
  if (canRunThrowawayPostgres) {
    const cluster = throwawayPostgres(await freePort());
    cluster.start();
    await adminQuery(cluster.url, 'alter system set max_connections = 200');
    cluster.stop();
    cluster.start();
    return {
      url: cluster.url,
      restartKind: 'pg_ctl',
      stop: async () => cluster.stop(),
      start: async () => cluster.start(),
      remove: async () => cluster.remove(),
    };
  }
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `bj_soak_${randomBytes(5).toString('hex')}`;
  await adminQuery(base.toString(), `create database ${name}`);
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return {
    url,
    restartKind: 'terminate-backends',
    stop: () => terminateAll(url),
    start: async () => {},
    remove: async () => {
      await adminQuery(base.toString(), `drop database if exists ${name} with (force)`);
    },
  };
}

export type SoakRedis = { url: string; stop(): Promise<void>; start(): Promise<void>; remove(): Promise<void> };

/** A redis-server of the soak's own (Debian's package), never the machine's, since the soak stops it. */
export async function soakRedis(): Promise<SoakRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    exited = new Promise((resolve) => child!.once('exit', resolve));
    await waitUntil(
      () =>
        new Promise<true | undefined>((resolve) => {
          const socket = new net.Socket();
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(undefined));
          socket.connect(port, '127.0.0.1');
        }),
      5_000,
      'o Redis',
    );
  };
  const stop = async () => {
    child?.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, remove: stop };
}

export type Instance = {
  index: number;
  url: string;
  /** The last lines it printed (its log), for a report on a failure. */
  output: string[];
  /** Starts the process and returns: its readiness is the caller's to wait for. */
  launch(): void;
  /** Starts the process and waits until it is ready. */
  start(): Promise<void>;
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
};

const OUTPUT_LINES_KEPT = 200;

/**
 * The server compiled once into dist/soak-…, started as `count` instances sharing `env`; everything each prints, across
 * its restarts, is appended to `logDir`/instance-N.log.
 */
export async function soakInstances(count: number, env: Record<string, string>, logDir: string) {
  fs.mkdirSync(logDir, { recursive: true });
  const dir = path.join(projectRoot, 'dist', `soak-${randomBytes(4).toString('hex')}`);
  const entry = path.join(dir, 'server', 'main.js');
  await buildServer(entry);
  const instances: Instance[] = [];
  for (let index = 0; index < count; index += 1) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const logFile = path.join(logDir, `instance-${index}.log`);
    fs.writeFileSync(logFile, '');
    let child: ChildProcess | undefined;
    let exited: Promise<number | null> = Promise.resolve(null);
    const instance: Instance = {
      index,
      url,
      output,
      launch() {
        child = spawn(process.execPath, [entry], {
          env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        fs.appendFileSync(logFile, `── ${new Date().toISOString()} iniciada\n`);
        const keep = (chunk: Buffer) => {
          fs.appendFileSync(logFile, chunk);
          output.push(...chunk.toString().split('\n').filter(Boolean));
          output.splice(0, Math.max(0, output.length - OUTPUT_LINES_KEPT));
        };
        child.stdout!.on('data', keep);
        child.stderr!.on('data', keep);
        const started = child;
        exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      },
      async start() {
        instance.launch();
        const started = child!;
        await waitUntil(
          async () => {
            if (started.exitCode !== null)
              throw new Error(`a instância ${index} saiu com ${started.exitCode}: ${output.slice(-5).join(' | ')}`);
            return (await fetch(`${url}/api/health/ready`)).ok ? true : undefined;
          },
          60_000,
          `a instância ${index}`,
        );
      },
      async kill(signal) {
        child?.kill(signal);
        return exited;
      },
    };
    instances.push(instance);
  }
  return {
    instances,
    async removeBuild() {
      await Promise.all(instances.map((instance) => instance.kill('SIGKILL')));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
