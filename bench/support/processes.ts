import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtServer, ensureBuild, root } from '../../scripts/build.mjs';

export { root };

export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} não respondeu`);
}

/** The Node flags `npm start` runs the server with (its heap limits), read from package.json's start script. */
export const startFlags = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));

/** With BENCH_PROFILE_DIR, each server process writes a V8 CPU profile there when it exits (open it in Chrome's DevTools). */
const profileFlags = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];

/** The compiled server in its own process, as `npm start` runs it (built first when stale), on PostgreSQL. */
export async function spawnAppProcess(env: Record<string, string>): Promise<ChildProcess> {
  await ensureBuild();
  return spawn(process.execPath, [...startFlags, ...profileFlags, builtServer], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', SEED_DEMO: 'off', HOST: '127.0.0.1', ...env },
  });
}

/** The compiled server, answering /api/health. */
export async function startAppProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = await spawnAppProcess(env);
  await waitForHealth(`http://127.0.0.1:${env.PORT}/api/health`, child);
  return child;
}

export async function startBareServer(bodyFile: string, port: number): Promise<ChildProcess> {
  const child = fork(path.join(root, 'bench/support/bare-server.mjs'), [bodyFile, String(port)], { stdio: 'inherit' });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return child;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
