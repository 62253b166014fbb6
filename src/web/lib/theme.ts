import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

/** The phone's own setting, followed until the user picks a theme here. */
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
}

/** The theme the user picked here, if any. */
function chosenTheme(): Theme | null {
  const stored = readStorage(storageKeys.theme);
  return stored === 'dark' || stored === 'light' ? stored : null;
}

/** The theme in force: the one picked here, else the phone's. */
export function currentTheme(): Theme {
  return chosenTheme() ?? systemTheme();
}

/** `public/theme-init.js` does the same before the first paint (no inline scripts under the CSP). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  writeStorage(storageKeys.theme, theme);
  applyTheme(theme);
  notify();
}

export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

/** Applies the theme in force now and again whenever the phone's setting changes while nothing was picked here. */
export function followTheme(): void {
  applyTheme(currentTheme());
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(SYSTEM_DARK).addEventListener('change', () => {
    if (chosenTheme() !== null) return;
    applyTheme(currentTheme());
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
