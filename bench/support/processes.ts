import { type ChildProcess, fork, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} não respondeu`);
}

/** The real server in its own process, as `npm start` runs it, on PostgreSQL. */
export async function startAppProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', SEED_DEMO: 'off', HOST: '127.0.0.1', ...env },
  });
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
