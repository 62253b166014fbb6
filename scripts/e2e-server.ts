// Starts the e2e server (e2e/support/server.ts: the real app, in-memory database, demo data) in a
// child process for the scripts that look at the product: screenshots and the Lighthouse bench.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { root } from './build.mjs';

export type RunningServer = { baseURL: string; stop: () => Promise<void> };

/** `portBase` moves the app and its helper ports (E2E_PORT_BASE), away from a running test suite. */
export async function startDemoServer(portBase: number): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'e2e/support/server.ts')], {
    cwd: root,
    env: { ...process.env, E2E_PORT_BASE: String(portBase) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${portBase}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor de demonstração saiu com código ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`o servidor de demonstração não respondeu em ${baseURL} em 60 s`);
}

/** The Chromium flags that work on this project's machines (Debian's Chromium, no sandbox). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
