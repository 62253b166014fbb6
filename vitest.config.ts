import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'], isolate: false, testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['test-support/server/global-setup.ts'],
          // Each file opens its own database (PGlite clone or a fresh PostgreSQL database); two at a time fit 2 cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
