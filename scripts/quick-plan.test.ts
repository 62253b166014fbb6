import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hubsOf, importGraph, importsOf, planQuickCheck, readImportGraph, startedByTests, testsReaching } from './quick-plan.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const changed = (...files: string[]) => files.map((file) => ({ file, deleted: false }));

/** A small project: app.ts imports the three modules (a hub), each module's tests build the app, core is shared. */
const graph: Record<string, string[]> = {
  'src/server/app.ts': ['src/server/modules/a/routes.ts', 'src/server/modules/b/routes.ts', 'src/server/modules/c/routes.ts'],
  'src/server/modules/a/routes.ts': ['src/server/modules/a/do-a.ts'],
  'src/server/modules/a/do-a.ts': ['src/server/core/lock.ts'],
  'src/server/modules/b/routes.ts': ['src/server/core/lock.ts'],
  'src/server/modules/c/routes.ts': [],
  'src/server/core/lock.ts': ['src/shared/rules/phone.ts'],
  'test-support/server/test-app.ts': ['src/server/app.ts'],
  'src/server/modules/a/a.test.ts': ['test-support/server/test-app.ts'],
  'src/server/modules/b/b.test.ts': ['test-support/server/test-app.ts'],
  'src/server/modules/c/c.test.ts': ['test-support/server/test-app.ts'],
  'src/server/core/lock.test.ts': ['src/server/core/lock.ts'],
  'src/server/db/backup.test.ts': [],
  'src/web/test/render-app.tsx': [],
  'src/web/features/x/pages/x-page.tsx': ['src/shared/rules/phone.ts'],
  'src/web/features/x/pages/x-page.test.tsx': ['src/web/test/render-app.tsx'],
  'src/shared/rules/phone.ts': [],
  'src/shared/rules/phone.test.ts': ['src/shared/rules/phone.ts'],
  'scripts/restore.ts': [],
};

describe('the imports test:quick follows', () => {
  it('reads static, type, re-exported, side-effect and dynamic imports of relative paths, not packages', () => {
    const text = [
      "import fs from 'node:fs';",
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      "export * from './c';",
      "import './d.css';",
      "const Page = lazy(() => import('../features/e/page'));",
      "import { f } from './f.mjs';",
      "import raw from './g.sql?raw';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', '../b/b', './c', './d.css', '../features/e/page', './f.mjs', './g.sql']);
  });

  it('resolves an import to the file it names: without extension, with .mjs, or a folder index', () => {
    const resolved = importGraph({
      'src/server/x.ts': "import { y } from './y';\nimport { z } from '../../scripts/z.mjs';\nimport './w';\nimport './gone';",
      'src/server/y.ts': '',
      'src/server/w/index.ts': '',
      'scripts/z.mjs': '',
    });
    expect(resolved['src/server/x.ts']).toEqual(['src/server/y.ts', 'scripts/z.mjs', 'src/server/w/index.ts']);
  });

  it('finds the hubs: a product file importing from more than half of the modules', () => {
    expect([...hubsOf(graph)]).toEqual(['src/server/app.ts']);
  });

  it('finds app.ts and the router as the hubs of this repository', () => {
    expect([...hubsOf(readImportGraph(root))].sort()).toEqual(['src/server/app.ts', 'src/web/app/routes.tsx']);
  });
});

describe('the tests test:quick runs', () => {
  it("a module's use case runs that module's tests, not those that reach it only through app.ts", () => {
    expect(testsReaching(graph, ['src/server/modules/a/do-a.ts'])).toEqual(['src/server/modules/a/a.test.ts']);
  });

  it('core code runs the tests of every module that imports it, and its own', () => {
    expect(testsReaching(graph, ['src/server/core/lock.ts'])).toEqual([
      'src/server/modules/a/a.test.ts',
      'src/server/modules/b/b.test.ts',
      'src/server/core/lock.test.ts',
    ]);
  });

  it('the hub itself runs every test that reaches it; a changed test runs itself', () => {
    expect(testsReaching(graph, ['src/server/app.ts'])).toHaveLength(3);
    expect(testsReaching(graph, ['src/server/modules/c/c.test.ts'])).toEqual(['src/server/modules/c/c.test.ts']);
  });

  it('shared code reaches the unit, web and server tests alike, each in its project', () => {
    const plan = planQuickCheck(changed('src/shared/rules/phone.ts'), graph);
    expect(plan.unit).toEqual({
      mode: 'tests',
      tests: ['src/shared/rules/phone.test.ts', 'src/web/features/x/pages/x-page.test.tsx'],
      projects: ['shared', 'web'],
    });
    expect(plan.server).toEqual({
      mode: 'tests',
      tests: ['src/server/core/lock.test.ts', 'src/server/modules/a/a.test.ts', 'src/server/modules/b/b.test.ts'],
    });
  });

  it('nothing changed: no lint, no tests (the typecheck always runs)', () => {
    const plan = planQuickCheck([], graph);
    expect(plan.lint).toEqual({ mode: 'files', files: [] });
    expect(plan.format).toEqual({ mode: 'files', files: [] });
    expect(plan.unit).toEqual({ mode: 'none', projects: [] });
    expect(plan.server).toEqual({ mode: 'none' });
    expect(plan.openapi).toBeNull();
  });

  it('a migration or any SQL of the database runs the whole server suite, saying why', () => {
    for (const file of [
      'src/server/db/migrations/0037_anything.sql',
      'src/server/db/functions/fast-apply.sql',
      'src/server/db/migrations/meta/_journal.json',
    ]) {
      const plan = planQuickCheck(changed(file), graph);
      expect(plan.server.mode).toBe('all');
      expect(plan.server.mode === 'all' && plan.server.why[0]).toContain(file);
      expect(plan.unit.mode).toBe('none');
    }
  });

  it('package.json, its lock or the vitest configuration runs every suite whole', () => {
    for (const file of ['package.json', 'package-lock.json', 'vitest.config.ts']) {
      const plan = planQuickCheck(changed(file, 'src/server/modules/a/do-a.ts'), graph);
      expect(plan.unit).toMatchObject({ mode: 'all', projects: ['shared', 'web', 'scripts'] });
      expect(plan.server.mode).toBe('all');
    }
  });

  it('the setup files no test imports run their whole suite', () => {
    expect(planQuickCheck(changed('src/web/test/setup.ts'), graph).unit.mode).toBe('all');
    expect(planQuickCheck(changed('src/web/test/setup.ts'), graph).server.mode).toBe('none');
    expect(planQuickCheck(changed('test-support/server/global-setup.ts'), graph).server.mode).toBe('all');
  });

  it('a script a test starts as a process brings that test along', () => {
    expect(planQuickCheck(changed('scripts/restore.ts'), graph).server).toEqual({ mode: 'tests', tests: ['src/server/db/backup.test.ts'] });
  });

  it('every file named as started by a test exists, and so does the test', () => {
    for (const [file, tests] of Object.entries(startedByTests)) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      for (const test of tests) expect(fs.existsSync(path.join(root, test)), test).toBe(true);
    }
  });

  it('a deleted file is neither linted nor followed: the typecheck finds what imported it', () => {
    const plan = planQuickCheck([{ file: 'src/server/core/lock.ts', deleted: true }], graph);
    expect(plan.lint).toEqual({ mode: 'files', files: [] });
    expect(plan.format).toEqual({ mode: 'files', files: [] });
    expect(plan.server.mode).toBe('none');
  });

  it('documents and journeys run no vitest; a journey says how to run it', () => {
    const plan = planQuickCheck(changed('docs/testing.md', 'e2e/organiser-phones.spec.ts'), graph);
    expect(plan.unit.mode).toBe('none');
    expect(plan.server.mode).toBe('none');
    expect(plan.lint).toEqual({ mode: 'files', files: ['e2e/organiser-phones.spec.ts'] });
    expect(plan.notes).toEqual([expect.stringContaining('npx playwright test e2e/')]);
  });

  it("the linters' configuration checks the whole tree; a route or a schema lints the OpenAPI document", () => {
    expect(planQuickCheck(changed('eslint.config.js'), graph).lint.mode).toBe('all');
    expect(planQuickCheck(changed('.prettierrc.json'), graph).format.mode).toBe('all');
    expect(planQuickCheck(changed('src/server/modules/games/routes.ts'), graph).openapi).toContain('routes.ts');
    expect(planQuickCheck(changed('src/shared/schemas/games.ts'), graph).openapi).toContain('games.ts');
    expect(planQuickCheck(changed('src/server/modules/a/do-a.ts'), graph).openapi).toBeNull();
  });
});
