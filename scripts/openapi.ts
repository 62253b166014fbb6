// `node --import tsx scripts/openapi.ts [FILE] [--lint]`: writes the API's OpenAPI document (what /api/docs/json
// serves) to FILE, dist/openapi.json by default, from the app built on an empty in-memory database without listening;
// with --lint, then checks it with Redocly CLI's recommended rules (redocly.yaml), offline: no telemetry, no update
// check. `npm run lint:openapi` (part of `npm run lint` and of `npm test`), decision 066.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/open-database';
import { loadConfig } from '../src/server/lib/config';
import { root } from './build.mjs';

const args = process.argv.slice(2);
const lint = args.includes('--lint');
const target = path.resolve(root, args.find((arg) => !arg.startsWith('--')) ?? 'dist/openapi.json');

const database = await openDatabase({ kind: 'pglite' });
try {
  await database.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'off', JWT_SECRET: 'openapi-document-only-0123456789abcdef' });
  const app = await buildApp({ config, database });
  await app.ready();
  const document = app.swagger();
  await app.close();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  const operations = Object.values(document.paths ?? {}).flatMap((methods) => Object.keys(methods ?? {})).length;
  console.log(`OpenAPI: ${operations} operações em ${path.relative(root, target)}`);
} finally {
  await database.close();
}

if (lint) {
  const redocly = path.join(root, 'node_modules/.bin/redocly');
  const result = spawnSync(redocly, ['lint', target, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exit(result.status ?? 1);
}
