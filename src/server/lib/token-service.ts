import { SignJWT, jwtVerify } from 'jose';
import { createHmac } from 'node:crypto';
import type { Clock } from './clock';

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const MAX_VERIFIED_TOKENS = 10_000;

export type TokenClaims = { userId: number; tokenVersion: number };

/** Signed bearer tokens: HS256 only, 7-day expiry, carrying the user's token version. */
export function createTokenService(options: { secret: Uint8Array; clock: Clock }) {
  // Imported once, as the Web Crypto key jose works with: given raw bytes or a Node KeyObject, it imports the key
  // again for every token it signs or checks.
  const key = crypto.subtle.importKey('raw', new Uint8Array(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A key that cannot be imported fails each use; until then it is no unhandled rejection.
  key.catch(() => {});
  // Checking a signature costs more than the rest of a cached read: a token already checked is remembered
  // with its expiry (the same string always carries the same claims). Bounded: past the limit the oldest goes.
  const verified = new Map<string, Readonly<TokenClaims & { expiresAtMs: number }>>();
  /** The claims of a token already checked and not yet expired, without waiting; undefined when it must be checked (`verify`). */
  function known(token: string): TokenClaims | undefined {
    const claims = verified.get(token);
    if (!claims) return undefined;
    if (options.clock.now().getTime() < claims.expiresAtMs) return claims;
    verified.delete(token);
    return undefined;
  }
  return {
    async issue(claims: TokenClaims): Promise<string> {
      const nowSeconds = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({ tv: claims.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    /** A keyed digest of `data` (e.g. reset codes are stored this way, never in clear). */
    digest(data: string): string {
      return createHmac('sha256', options.secret).update(data).digest('hex');
    },
    known,
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string): Promise<TokenClaims | null> {
      const claims = known(token);
      if (claims) return claims;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          currentDate: options.clock.now(),
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        if (typeof payload.exp === 'number') {
          if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
          verified.set(token, Object.freeze({ userId, tokenVersion, expiresAtMs: payload.exp * 1000 }));
        }
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
