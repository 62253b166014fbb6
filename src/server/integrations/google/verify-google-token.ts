import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock';

export type GoogleIdentity = { sub: string; email: string; emailVerified: boolean; name: string | undefined };

export type GoogleVerifier = {
  clientId: string;
  /** The identity of a valid ID token, or null for any token that fails a check. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
};

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Verifies Google ID tokens against Google's published keys (or `jwksUrl` in tests). */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string; clock: Clock }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return {
    clientId: options.clientId,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: options.clientId,
          currentDate: options.clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          sub: payload.sub,
          email: payload.email.trim().toLowerCase(),
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: typeof payload.name === 'string' ? payload.name : undefined,
        };
      } catch {
        return null;
      }
    },
  };
}
