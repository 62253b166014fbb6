/** Every key the app keeps in localStorage (spec: players §3). */
export const storageKeys = {
  authToken: 'authToken',
  googleToken: 'googleToken',
  theme: 'theme',
  inviteLink: 'inviteLink',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (private mode, quota, blocked cookies): the app then simply forgets.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value only lives for this page.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
