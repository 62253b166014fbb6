import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  return readStorage(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** `public/theme-init.js` does the same before the first paint (no inline scripts under the CSP). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeStorage(storageKeys.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(storedTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, storedTheme, () => 'light');
}
