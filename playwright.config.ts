import { defineConfig } from '@playwright/test';
import { E2E_APP_PORT } from './e2e/support/ports';
import { chromiumFlags, chromiumPath } from './scripts/e2e-server';

/**
 * Journeys that also run on devices set to other zones than the games' (decision 037): a phone in Manaus (one hour
 * behind São Paulo) and one in Lisbon. `E2E_ELSEWHERE=game-day.spec.ts,organiser.spec.ts` runs chosen ones there too.
 */
const elsewhere = (process.env.E2E_ELSEWHERE ?? 'time-by-place.spec.ts').split(',').map((file) => `**/${file.trim()}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Every journey makes the people it acts as (e2e/support/people.ts), so they run side by side, each test on its own,
  // against the one server: two workers fit 2 cores (decision 042).
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (two browsers, axe twice) take close to a minute when other suites share the cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_APP_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [
    { name: 'sao-paulo' },
    { name: 'manaus', testMatch: elsewhere, use: { timezoneId: 'America/Manaus' } },
    { name: 'lisbon', testMatch: elsewhere, use: { timezoneId: 'Europe/Lisbon' } },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    url: `http://127.0.0.1:${E2E_APP_PORT}/api/health`,
    reuseExistingServer: false,
    // `npm test` starts it while the other suites run: on a busy machine its in-memory database takes a while to set up.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
