import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../../scripts/build.mjs';
import { waitUntil } from './processes';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A compiled server running in a process of its own: its address, the process, its exit and what it printed. */
export type ServerProcess = { url: string; process: ChildProcess; exited: Promise<number | null>; output: string[] };

/**
 * The server compiled into a folder of the test's own inside the project (so it finds node_modules as
 * dist/server does), and a fresh database on TEST_DATABASE_URL's server; `remove` drops both.
 */
export async function compiledServerOnScratchDatabase(label: string) {
  const dir = path.join(projectRoot, 'dist', `${label}-${randomBytes(4).toString('hex')}`);
  const entry = path.join(dir, 'server', 'main.js');
  const baseUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/postgres');
  const name = `bj_${label.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl.toString() });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await buildServer(entry);
  await admin(`create database ${name}`);
  return {
    entry,
    name,
    databaseUrl: Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString(),
    async remove() {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the compiled `entry` on `port` with only `env` (and PATH) for environment. */
export function spawnServer(entry: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, process: child, exited, output };
}

/** Waits until `server` says it is ready; a timeout carries what the server printed. */
export async function untilReady(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    async () => ((await fetch(`${server.url}/api/health/ready`)).ok ? true : undefined),
    timeoutMs,
    `${server.url} pronta`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output.join('')}`);
  });
}
