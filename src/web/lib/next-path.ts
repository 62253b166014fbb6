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

/** `page?voltar=…`: a detour (the profile, a credit purchase) that offers the way back to `back`. */
export function withBack(page: string, back: string): string {
  return `${page}?voltar=${encodeURIComponent(back)}`;
}

/** The page a detour returns to, from its `?voltar=`: a path on this site only, as for `next`. */
export function backPath(search: URLSearchParams): string | null {
  return safeNextPath(search.get('voltar'));
}

const RETURN_KEY = 'bora-jogar:voltar';

/**
 * Keeps a credit purchase's way back across the payment provider's page (its return address is fixed): set when the
 * purchase page opens with `voltar`, cleared when it opens without.
 */
export function rememberReturn(path: string | null): void {
  try {
    if (path) window.sessionStorage.setItem(RETURN_KEY, path);
    else window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage off (private mode): the way back is only lost.
  }
}

/** The way back a credit purchase kept, if any (checked again: storage is not trusted). */
export function rememberedReturn(): string | null {
  try {
    return safeNextPath(window.sessionStorage.getItem(RETURN_KEY));
  } catch {
    return null;
  }
}
