import { render, screen } from '@testing-library/react';
import { App } from '../app/app';
import { resetSessionForTests } from '../lib/session';
import { storageKeys } from '../lib/storage';

/** Opens the whole app at `path`, as a fresh page load would (session resolved from storage). */
export function renderApp(path: string, options: { token?: string; state?: unknown } = {}) {
  resetSessionForTests();
  if (options.token) window.localStorage.setItem(storageKeys.authToken, options.token);
  // react-router keeps navigation state in history.state as { usr, key, idx }.
  window.history.replaceState(options.state === undefined ? null : { usr: options.state, key: 'test', idx: 0 }, '', path);
  return render(<App />);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Waits for the lazily loaded page whose main heading is `name`. */
export function findPageHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}
