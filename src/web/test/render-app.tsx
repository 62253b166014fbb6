import { render, screen } from '@testing-library/react';
import { App } from '../app/app';
import { bootstrapSession, signOut } from '../lib/session';
import { storageKeys } from '../lib/storage';

/**
 * Opens the whole app at `path`, as a fresh page load would: the session an earlier test left
 * ends, then the stored token (if any) is resolved, as the entry does.
 */
export function renderApp(path: string, options: { token?: string; state?: unknown } = {}) {
  signOut({ to: path });
  if (options.token) window.localStorage.setItem(storageKeys.authToken, options.token);
  // react-router keeps navigation state in history.state as { usr, key, idx }.
  window.history.replaceState(options.state === undefined ? null : { usr: options.state, key: 'test', idx: 0 }, '', path);
  void bootstrapSession();
  return render(<App />);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Waits for the lazily loaded page whose main heading is `name`. */
export function findPageHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
