// `npm start` as a person or a process supervisor runs it: a signal sent to npm itself must stop the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../scripts/build.mjs';
import { freePort, waitUntil } from '../../test-support/server/processes';
import { isPostgres } from '../../test-support/server/test-app';
import { LOCK_FILE } from './db/data-dir';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How a connection to `port` ends: 'open' when something listens, else the error's code. */
const probe = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

// The embedded database only: it is the default `npm start` runs, and the suite's PostgreSQL pass has nothing to add.
describe.runIf(!isPostgres)('npm start', () => {
  let dataDir: string;

  beforeAll(async () => {
    // Built once here, as `npm start` would on its first run, so the test times the stop, not a build.
    await ensureBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-npm-start-'));
  }, 300_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the server, port and data folder freed, when npm itself gets %s',
    async (signal) => {
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_DEMO: 'off',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PAYMENTS: 'sandbox',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      npm.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      npm.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));

      // A first start on an empty folder creates and migrates the embedded database: slow on a busy machine.
      await waitUntil(
        async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 ? true : undefined),
        150_000,
        'o servidor',
      ).catch(async (error: Error) => {
        // Not left holding the data folder for the next case.
        npm.kill('SIGTERM');
        await exited;
        throw new Error(`${error.message}\n${output.join('')}`);
      });
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

      npm.kill(signal);
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
      expect(code, output.join('')).toBe(0);
      // Nothing is left behind holding the port or the data folder.
      expect(await probe(port)).toBe('ECONNREFUSED');
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    200_000,
  );
});
