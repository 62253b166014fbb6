// Builds what `npm start` serves: the web app (Vite) and the server (esbuild), each only when stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');
export const builtServer = path.join(root, 'dist/server/main.js');
const webInputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const serverInputs = ['src/server', 'src/shared', 'package-lock.json', 'scripts/build.mjs'];
const migrations = path.join(root, 'src/server/db/migrations');
const definitions = path.join(root, 'src/server/db/definitions');

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const isStale = (output, inputs) => {
  const built = fs.statSync(output, { throwIfNoEntry: false });
  return !built || inputs.some((input) => newestMtime(path.join(root, input)) > built.mtimeMs);
};

/** True when the built web app is missing or older than any of its sources. */
export function isWebBuildStale() {
  return !fs.existsSync(builtRenderer) || isStale(builtIndex, webInputs);
}

/**
 * Builds the web app with Vite: the browser bundle into dist/web, then the module the server
 * renders visitor pages with into dist/ssr. Exits the process when a build fails.
 */
export function buildWeb() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    // Always a production build, even when a test runner (NODE_ENV=test) asks for it: Vite takes NODE_ENV over its
    // mode, and a build made under `vitest` would leave out what only production does (the service worker).
    const env = { ...process.env, NODE_ENV: 'production' };
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error('Falha ao compilar o app web.');
      process.exit(result.status ?? 1);
    }
  }
}

/**
 * Compiles the server to one ES module, dist/server/main.js unless told otherwise (dependencies stay in node_modules), with
 * the migrations and definitions beside it: production runs plain JavaScript, no TypeScript loader.
 */
export async function buildServer(outfile = builtServer) {
  const outdir = path.dirname(outfile);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(migrations, path.join(outdir, 'migrations'), { recursive: true });
  fs.cpSync(definitions, path.join(outdir, 'definitions'), { recursive: true });
}

/** Builds the web app when it is missing or stale. */
export function ensureWebBuild() {
  if (!isWebBuildStale()) return;
  console.log('Compilando o app web (vite build)...');
  buildWeb();
}

/** Builds the web app and the server when they are missing or stale. */
export async function ensureBuild() {
  ensureWebBuild();
  if (isStale(builtServer, serverInputs)) {
    console.log('Compilando o servidor (esbuild)...');
    await buildServer();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWeb();
  await buildServer();
}
