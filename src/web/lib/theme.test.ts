import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentTheme, followTheme, toggleTheme } from './theme';

/** The phone's dark setting as matchMedia reports it, with a way to change it as the phone does. */
function phoneSetting(isDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return isDark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return media;
  });
  return {
    change(next: boolean) {
      isDark = next;
      for (const listener of listeners) listener();
    },
  };
}

beforeEach(() => window.localStorage.removeItem('theme'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('theme');
  document.documentElement.classList.remove('dark');
});

describe('the theme', () => {
  it("follows the phone's dark setting while the user has picked none, as it changes", () => {
    const phone = phoneSetting(true);
    expect(currentTheme()).toBe('dark');
    followTheme();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    phone.change(false);
    expect(currentTheme()).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("keeps the theme picked here over the phone's setting", () => {
    const phone = phoneSetting(true);
    followTheme();
    // The toggle turns the theme in force (the phone's dark) into light, and remembers it.
    toggleTheme();
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');

    phone.change(false);
    phone.change(true);
    expect(currentTheme()).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('is light on a phone set to light with nothing picked', () => {
    phoneSetting(false);
    expect(currentTheme()).toBe('light');
  });
});
