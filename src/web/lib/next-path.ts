/** A stand-in origin: only whether `next` stays on it matters, not what it is. */
const SAME_ORIGIN = 'https://bora-jogar.invalid';

/** A path that a browser would read as another site (`//host`, `/\host`) once it is navigated to. */
const isHostRelative = (path: string) => /^[/\\]{2}/.test(path);

/**
 * The page a sign-in should return to, from a `?next=` the visitor arrived with, or null. Only a
 * path on this site passes, judged both as given and after normalisation (`/..//evil.com` normalises
 * to `//evil.com`): `//evil.com`, `/\evil.com`, `https://evil.com` and `javascript:` would otherwise
 * turn the login page into an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || isHostRelative(next)) return null;
  let url: URL;
  try {
    url = new URL(next, SAME_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN || isHostRelative(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` (or /register) that brings the visitor back to `path` once signed in. */
export function withNext(page: '/login' | '/register', path: string): string {
  return `${page}?next=${encodeURIComponent(path)}`;
}
