// `npm run test:quick`: the check to run after every change, a few minutes instead of the whole suite's twenty. The
// typecheck of the whole project, eslint and prettier on the changed files, and the unit, web and server tests (PGlite)
// whose imports reach them, chosen by quick-plan.mjs, which says why when it runs a whole suite. `--since REF` checks
// everything since REF; `--files A B` checks those files instead of asking git.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './build.mjs';
import { planQuickCheck, readChange, readImportGraph } from './quick-plan.mjs';
import { bin, createStages } from './stages.mjs';

const args = process.argv.slice(2);
const sinceAt = args.indexOf('--since');
const filesAt = args.indexOf('--files');
if ((sinceAt !== -1 && !args[sinceAt + 1]) || (filesAt !== -1 && filesAt === args.length - 1)) {
  console.error('Uso: npm run test:quick [-- --since REF | --files ARQUIVO...]');
  process.exit(2);
}

let change;
if (filesAt !== -1) {
  const files = args.slice(filesAt + 1).map((file) => path.relative(root, path.resolve(file)));
  change = { described: 'os arquivos dados', changes: files.map((file) => ({ file, deleted: !fs.existsSync(path.join(root, file)) })) };
} else {
  try {
    const { base, baseName, changes } = readChange(root, { since: sinceAt === -1 ? undefined : args[sinceAt + 1] });
    const from = baseName === 'HEAD' ? `o último commit (${base})` : `${base} (onde HEAD saiu de ${baseName})`;
    change = { described: `desde ${from}, com o que não foi commitado e os arquivos novos`, changes };
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
}

const { row, run, summarize } = createStages();
const plan = planQuickCheck(change.changes, readImportGraph(root));
const { TEST_DATABASE_URL: _ignored, ...envWithoutDatabase } = process.env;
// Incremental: a second run reads what the first learned and checks only what the change reaches, about a fifth of the time.
const typecheckState = path.join(root, 'node_modules/.cache/bora-jogar/test-quick.tsbuildinfo');

console.log(`Mudança: ${change.changes.length} arquivo(s), ${change.described}.`);
for (const { file, deleted } of change.changes) console.log(`  ${deleted ? 'removido ' : ''}${file}`);
if (!change.changes.length) console.log('Nenhuma mudança: só o typecheck.');
for (const note of plan.notes) console.log(`ℹ ${note}`);

const typecheck = row('typecheck (tsc, incremental)');
const staticChecks = [
  run(typecheck, bin('tsc'), ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', typecheckState], process.env, {
    buffered: true,
  }),
];
if (plan.lint.mode === 'all') {
  console.log(`ℹ ${plan.lint.why}`);
  staticChecks.push(run(row('lint (eslint .)'), bin('eslint'), ['.'], process.env, { buffered: true }));
} else if (plan.lint.files.length) {
  const entry = row(`lint (eslint, ${plan.lint.files.length} arquivo(s))`);
  staticChecks.push(run(entry, bin('eslint'), ['--no-warn-ignored', ...plan.lint.files], process.env, { buffered: true }));
}
if (plan.format.mode === 'all') {
  console.log(`ℹ ${plan.format.why}`);
  staticChecks.push(run(row('formatação (prettier --check .)'), bin('prettier'), ['--check', '.'], process.env, { buffered: true }));
} else if (plan.format.files.length) {
  const entry = row(`formatação (prettier --check, ${plan.format.files.length} arquivo(s))`);
  staticChecks.push(run(entry, bin('prettier'), ['--check', '--ignore-unknown', ...plan.format.files], process.env, { buffered: true }));
}
if (plan.openapi) {
  console.log(`ℹ OpenAPI conferido: ${plan.openapi}`);
  const entry = row('OpenAPI (redocly lint)');
  staticChecks.push(run(entry, process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', '--lint'], process.env, { buffered: true }));
}
await Promise.all(staticChecks);

/** Runs one vitest stage as the plan says: whole projects, the chosen test files, or nothing. */
async function vitestStage(label, stage, projects, env) {
  if (stage.mode === 'none') return;
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  if (stage.mode === 'all') {
    for (const why of stage.why) console.log(`ℹ ${label} inteiro: ${why}`);
    await run(row(`${label}: tudo`), bin('vitest'), ['run', ...projectArgs], env);
    return;
  }
  const entry = row(`${label}: ${stage.tests.length} arquivo(s) de teste`);
  await run(entry, bin('vitest'), ['run', '--passWithNoTests', ...projectArgs, ...stage.tests], env);
}

if (plan.unit.mode === 'none' && plan.server.mode === 'none' && change.changes.length)
  console.log('\nNenhum teste alcança os arquivos mudados: só typecheck e lint.');
await vitestStage(`unit + web (${plan.unit.projects.join(', ')})`, plan.unit, plan.unit.projects, process.env);
const serverLabel = 'servidor no PGlite';
if (plan.server.mode !== 'none' && process.env.TEST_DATABASE_URL)
  console.log(`ℹ ${serverLabel}: TEST_DATABASE_URL ignorado aqui; o PostgreSQL fica para o npm test`);
await vitestStage(serverLabel, plan.server, ['server', 'server-mocks'], envWithoutDatabase);

process.exit(summarize());
