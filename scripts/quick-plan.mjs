// What `npm run test:quick` checks for a change: which files it lints and formats, and which test files it runs.
//
// A test runs when the imports it reaches lead to a changed file. The server's app.ts imports every module and the web's
// router every feature, and nearly every test goes through one of them (app.inject, renderApp), so followed through
// those hubs every change would reach nearly every test: the walk does not go past a hub. What a test exercises through
// the hub is its own module or feature, so a test under modules/<m>/ or features/<f>/ starts its walk from every file of
// that folder too. What no import reaches (SQL read from disk, configuration, setup files, scripts a test starts as a
// process) is decided by the rules below, each with the reason it prints.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Files every project reads: a change to one can break any test, so every suite runs whole. */
const wholeRunConfig = ['package.json', 'package-lock.json', 'vitest.config.ts', 'vite.config.ts', 'tsconfig.json'];

/** Files a test runs as a process rather than importing, with the tests that run them. */
export const startedByTests = {
  'src/server/main.ts': ['src/server/main.test.ts'],
  'scripts/start.mjs': ['src/server/npm-start.test.ts'],
  'scripts/backup.ts': ['src/server/db/backup.test.ts'],
  'scripts/restore.ts': ['src/server/db/backup.test.ts'],
  'scripts/backup-command.ts': ['src/server/db/backup.test.ts'],
};

/** Where the graph is read from: every folder holding tests or code they import. */
const graphFolders = ['src', 'test-support', 'scripts', 'bench'];
const code = /\.(ts|tsx|mts|js|mjs)$/;
const declaration = /\.d\.m?ts$/;
const isTest = (file) => /\.test\.tsx?$/.test(file);
const linted = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** The database's SQL, read from disk by the migrator: no test imports it. */
const isSql = (file) => file.startsWith('src/server/db/') && (file.endsWith('.sql') || file.startsWith('src/server/db/migrations/'));
/** The routes and contracts the OpenAPI document is written from. */
const shapesOpenApi = (file) =>
  file.startsWith('src/shared/schemas/') ||
  file.startsWith('src/server/http/') ||
  /^src\/server\/modules\/[^/]+\/routes\.ts$/.test(file) ||
  ['src/server/app.ts', 'scripts/openapi.ts', 'redocly.yaml'].includes(file);

/** The module or feature folder a file belongs to, which its tests exercise through the hub. */
const unitOf = (file) => file.match(/^src\/(?:server\/modules|web\/features)\/[^/]+\//)?.[0] ?? null;

/** The vitest project that runs a test file. `server` here stands for `server` and `server-mocks`. */
export function projectOf(test) {
  if (test.startsWith('src/server/')) return 'server';
  if (test.startsWith('src/web/')) return 'web';
  if (test.startsWith('src/shared/')) return 'shared';
  return 'scripts';
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative imports of one file's text (static, re-exports and literal dynamic imports), as written. */
export function importsOf(text) {
  return [...text.matchAll(importPattern)].map((match) => match[1].split('?')[0]);
}

/**
 * @param {Record<string, string>} sources every file of the graph, by path relative to the root, with its text (''
 *   for files that import nothing, such as JSON or CSS)
 * @returns {Record<string, string[]>} each file's imports that are files of the graph
 */
export function importGraph(sources) {
  const resolve = (from, specifier) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    const stem = base.replace(/\.(js|mjs)$/, '');
    const candidates = [base, ...['.ts', '.tsx', '.mts', '.mjs', '.js'].flatMap((ext) => [stem + ext, `${base}/index${ext}`])];
    return candidates.find((candidate) => candidate in sources);
  };
  return Object.fromEntries(
    Object.entries(sources).map(([file, text]) => [file, [...new Set(importsOf(text).flatMap((spec) => resolve(file, spec) ?? []))]]),
  );
}

/**
 * The hubs: product files importing from more than half of the server's modules or of the web's features (app.ts and
 * the router), found from the graph so a new hub needs no list kept by hand.
 */
export function hubsOf(graph) {
  const count = (pattern) => new Set(Object.keys(graph).flatMap((file) => file.match(pattern)?.[1] ?? [])).size;
  const folders = [/^src\/server\/modules\/([^/]+)\//, /^src\/web\/features\/([^/]+)\//].map((pattern) => ({
    pattern,
    total: count(pattern),
  }));
  return new Set(
    Object.entries(graph)
      .filter(([file]) => !isTest(file))
      .filter(([, imports]) =>
        folders.some(({ pattern, total }) => new Set(imports.flatMap((dep) => dep.match(pattern)?.[1] ?? [])).size * 2 > total),
      )
      .map(([file]) => file),
  );
}

/** The test files whose walk reaches one of `changed`: from the test and its folder's files, never past a hub. */
export function testsReaching(graph, changed) {
  const targets = new Set(changed);
  const hubs = hubsOf(graph);
  const files = Object.keys(graph);
  return files.filter(isTest).filter((test) => {
    const unit = unitOf(test);
    const seen = new Set();
    const queue = [test, ...(unit ? files.filter((file) => file.startsWith(unit) && !isTest(file)) : [])];
    while (queue.length) {
      const file = queue.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      if (targets.has(file)) return true;
      if (!hubs.has(file)) queue.push(...(graph[file] ?? []));
    }
    return false;
  });
}

/**
 * @param {{ file: string, deleted: boolean }[]} changes paths relative to the repository's root
 * @param {Record<string, string[]>} graph from importGraph
 */
export function planQuickCheck(changes, graph) {
  const present = changes.filter((change) => !change.deleted).map((change) => change.file);
  const whole = { unit: [], server: [] };
  const notes = [];
  let lintAll = null;
  let formatAll = null;
  let openapi = null;

  for (const file of present) {
    if (wholeRunConfig.includes(file)) {
      const why = `${file}: dependências ou configuração que todos os testes leem`;
      whole.unit.push(why);
      whole.server.push(why);
    } else if (isSql(file)) whole.server.push(`${file}: SQL e migrações são lidos do disco, nenhum import chega a eles`);
    else if (file === 'test-support/server/global-setup.ts') whole.server.push(`${file}: prepara o banco de todos os testes do servidor`);
    else if (file === 'src/web/test/setup.ts') whole.unit.push(`${file}: roda antes de cada teste do web`);
    else if (file.startsWith('e2e/') || file === 'playwright.config.ts' || file === 'scripts/e2e-server.ts')
      notes.push(
        `${file}: as jornadas não rodam aqui; rode a que mudou com npx playwright test e2e/ARQUIVO --workers=1 --project=sao-paulo`,
      );
    if (file === 'eslint.config.js') lintAll = `${file} mudou: o eslint confere o projeto inteiro`;
    if (file === '.prettierrc.json' || file === '.prettierignore') formatAll = `${file} mudou: o prettier confere o projeto inteiro`;
    if (!openapi && shapesOpenApi(file)) openapi = `${file} entra no documento OpenAPI`;
  }

  const tests = new Set(testsReaching(graph, present));
  for (const file of present) for (const test of startedByTests[file] ?? []) tests.add(test);
  const stage = (why, chosen) => {
    if (why.length) return { mode: 'all', why };
    return chosen.length ? { mode: 'tests', tests: chosen } : { mode: 'none' };
  };
  const sorted = [...tests].sort();
  const unitTests = sorted.filter((test) => projectOf(test) !== 'server');
  return {
    lint: lintAll ? { mode: 'all', why: lintAll } : { mode: 'files', files: present.filter((file) => linted.test(file)) },
    format: formatAll ? { mode: 'all', why: formatAll } : { mode: 'files', files: present },
    openapi,
    unit: {
      ...stage(whole.unit, unitTests),
      projects: whole.unit.length ? ['shared', 'web', 'scripts'] : [...new Set(unitTests.map(projectOf))].sort(),
    },
    server: stage(
      whole.server,
      sorted.filter((test) => projectOf(test) === 'server'),
    ),
    notes,
  };
}

/** Reads the import graph of the repository at `root`. */
export function readImportGraph(root) {
  const sources = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (code.test(file) && !declaration.test(file)) sources[file] = fs.readFileSync(path.join(root, file), 'utf8');
      else if (/\.(json|css)$/.test(file)) sources[file] = '';
    }
  };
  for (const folder of graphFolders) walk(folder);
  return importGraph(sources);
}

const git = (root, ...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The change `test:quick` checks: everything that differs from where this branch left its upstream (`@{upstream}`, else
 * `origin/main`, else HEAD itself, or the given `since`): commits not yet pushed, staged and unstaged edits, deletions and
 * new files that git does not ignore.
 */
export function readChange(root, { since } = {}) {
  let base = null;
  let baseName = 'HEAD';
  for (const ref of since ? [since] : ['@{upstream}', 'origin/main']) {
    try {
      base = git(root, 'merge-base', 'HEAD', ref).trim();
      baseName = ref;
      break;
    } catch {
      // No such reference here: try the next one.
    }
  }
  if (!base && since) throw new Error(`--since ${since}: git não conhece essa referência`);
  base ??= git(root, 'rev-parse', 'HEAD').trim();
  const changes = new Map();
  const diff = git(root, 'diff', '--name-status', '--no-renames', '-z', base).split('\0').filter(Boolean);
  for (let i = 0; i + 1 < diff.length; i += 2) changes.set(diff[i + 1], { file: diff[i + 1], deleted: diff[i] === 'D' });
  // A link to a folder (a node_modules shared with another checkout) is listed as a file, but there is nothing to check.
  const untracked = git(root, 'ls-files', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
  for (const file of untracked)
    if (!fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isDirectory()) changes.set(file, { file, deleted: false });
  return { base: base.slice(0, 10), baseName, changes: [...changes.values()].sort((a, b) => a.file.localeCompare(b.file)) };
}
