import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { throwRepliesOffContract } from './fake-api';

// Pages load lazily; on a cold checkout with the other suites running, the first import of one can take seconds.
// Every findBy / waitFor waits up to 10 s instead of the default 1 s; a test that passes still ends as soon as it can.
configure({ asyncUtilTimeout: 10_000 });

// Registered first, so it runs last (vitest runs after-hooks in reverse): a test that served a
// reply off contract fails, and is still cleaned up.
afterEach(() => throwRepliesOffContract());

// The server-render test runs without a DOM (`@vitest-environment node`): it must not find one.
if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the app scrolls to the top on every navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

  beforeEach(() => {
    window.localStorage.clear();
  });

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    document.documentElement.className = '';
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
