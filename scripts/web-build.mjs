import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale() {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
  if (!built || !fs.existsSync(builtRenderer)) return true;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built.mtimeMs);
}

/**
 * Builds the web app with Vite: the browser bundle into dist/web, then the module the server
 * renders visitor pages with into dist/ssr. Exits the process when a build fails.
 */
export function buildWeb() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('Falha ao compilar o app web.');
      process.exit(result.status ?? 1);
    }
  }
}

/** Builds the web app when it is missing or stale. */
export function ensureWebBuild() {
  if (!isWebBuildStale()) return;
  console.log('Compilando o app web (vite build)...');
  buildWeb();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWeb();
