import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

const serverSuite: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  include: ['src/server/**/*.test.ts'],
  globalSetup: ['test-support/server/global-setup.ts'],
  // Each file opens its own database (PGlite clone or a fresh PostgreSQL database); two at a time fit 2 cores.
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The server test files that call vi.mock, found by reading them, so a new one cannot land in the shared module graph. */
const replacingModules = (function find(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return find(file);
    return entry.name.endsWith('.test.ts') && fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock(') ? [file] : [];
  });
})('src/server');

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'], isolate: false, testTimeout: 20_000 },
      },
      // The development scripts' and the bench's own logic (which tests `npm run test:quick` picks, the shape a seed draws).
      { extends: true, test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'] } },
      // The server suite loads the app once per worker instead of once per file (most of its time, decision 049); a file
      // that replaces a module with vi.mock needs a module graph of its own, so those run in `server-mocks`.
      { extends: true, test: { ...serverSuite, name: 'server', exclude: replacingModules, isolate: false } },
      { extends: true, test: { ...serverSuite, name: 'server-mocks', include: replacingModules } },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Each file still gets a fresh jsdom; only the modules (React, the app, Testing Library) are loaded once per
          // worker instead of once per file, which was most of this project's time (decision 042). `npm test` runs it
          // beside the other suites, so a test gets more than the default 5 s before it counts as stuck.
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
