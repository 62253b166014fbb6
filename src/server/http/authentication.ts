import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { messages } from '../../shared/messages';
import type { AuthUser, ServerContext, SignedInCaller } from '../core/context';
import { createSignedInCache } from '../core/signed-in-cache';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { TokenClaims } from '../lib/token-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / requireAdmin / optionalUser. */
    user: AuthUser | null;
    /** The claims of a checked token, set by requireToken (the account itself not read yet). */
    claims: TokenClaims | null;
  }
  interface FastifyInstance {
    requireUser: onRequestHookHandler;
    /**
     * A valid signature is enough to go on: for a use case that checks the token's version itself in the
     * statement it runs anyway, and asks `signedInUser` for the account only when it needs more.
     */
    requireToken: onRequestHookHandler;
    /** The account behind a request that passed requireToken (401 when the token was ended). */
    signedInUser(request: FastifyRequest): Promise<AuthUser>;
    requireAdmin: onRequestHookHandler;
    optionalUser: onRequestHookHandler;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request that passed requireUser (throws if a route forgot the hook). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated', messages.unauthenticated);
  return request.user;
}

/** The token's claims and, when asked for, the account of a request that passed requireToken. */
export function currentCaller(app: FastifyInstance, request: FastifyRequest): SignedInCaller {
  if (!request.claims) throw new AppError('unauthenticated', messages.unauthenticated);
  return { claims: request.claims, account: () => app.signedInUser(request) };
}

export function registerAuthentication(
  app: FastifyInstance,
  ctx: Pick<ServerContext, 'db' | 'tokens' | 'config' | 'clock' | 'changes' | 'log'>,
): void {
  app.decorateRequest('user', null);
  // The account behind a token, from the signed-in read model: a password change or an erased account (a
  // write, which drops the cache) ends earlier tokens at once here and within the feed's latency elsewhere.
  const accounts = createSignedInCache<AuthUser | null>(ctx, { name: 'accounts', maxEntries: 20_000 });
  // Frozen: one row serves many requests, none may change it for the others.
  const loadAccount = async (userId: number) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    return user ? Object.freeze(user) : null;
  };

  async function verify(request: FastifyRequest): Promise<TokenClaims | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw sessionExpired();
    return claims;
  }

  const sessionExpired = () => new AppError('session_expired', messages.sessionExpired);
  const unauthenticated = () => new AppError('unauthenticated', messages.unauthenticated);

  /** The account behind checked claims; an erased account or a token version no longer current ends the session. */
  function currentAccount(user: AuthUser | null, claims: TokenClaims): AuthUser {
    if (!user || user.tokenVersion !== claims.tokenVersion) throw sessionExpired();
    return user;
  }

  async function accountOf(claims: TokenClaims): Promise<AuthUser> {
    return currentAccount(await accounts.get(String(claims.userId), () => loadAccount(claims.userId)), claims);
  }

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const claims = await verify(request);
    return claims && accountOf(claims);
  }

  /**
   * The caller without waiting, when their token was checked before and their account is fresh in memory (every
   * repeated signed-in request): null without a token, undefined when `resolve` must look them up. Throws when
   * the session ended.
   */
  function knownCaller(request: FastifyRequest): AuthUser | null | undefined {
    const token = bearerToken(request);
    if (!token) return null;
    const claims = ctx.tokens.known(token);
    const account = claims && accounts.peek(String(claims.userId));
    return account && currentAccount(account.value, claims);
  }

  /**
   * A hook that hands the caller (null for a visitor) to `admit`, which may refuse them by throwing: at once when
   * the caller is known, else once they are looked up. `visitorWhenEnded` treats a token that no longer holds as
   * no token at all.
   */
  function callerHook(admit: (request: FastifyRequest, user: AuthUser | null) => void, visitorWhenEnded = false): onRequestHookHandler {
    return (request, _reply, done) => {
      const accept = (user: AuthUser | null) => {
        let refusal: Error | undefined;
        try {
          admit(request, user);
        } catch (error) {
          refusal = error as Error;
        }
        done(refusal);
      };
      const refuse = (error: Error) => (visitorWhenEnded ? accept(null) : done(error));
      let known: AuthUser | null | undefined;
      try {
        known = knownCaller(request);
      } catch (error) {
        return refuse(error as Error);
      }
      if (known !== undefined) return accept(known);
      resolve(request).then(accept, refuse);
    };
  }

  app.decorate(
    'requireUser',
    callerHook((request, user) => {
      if (!user) throw unauthenticated();
      request.user = user;
    }),
  );
  app.decorateRequest('claims', null);
  app.decorate('requireToken', ((request, _reply, done) => {
    const token = bearerToken(request);
    const known = token && ctx.tokens.known(token);
    if (known) {
      request.claims = known;
      return done();
    }
    verify(request).then((claims) => {
      request.claims = claims;
      done(claims ? undefined : unauthenticated());
    }, done);
  }) satisfies onRequestHookHandler);
  app.decorate('signedInUser', async (request: FastifyRequest) => {
    if (!request.claims) throw unauthenticated();
    request.user ??= await accountOf(request.claims);
    return request.user;
  });
  app.decorate(
    'requireAdmin',
    callerHook((request, user) => {
      if (!user) throw unauthenticated();
      if (user.role !== 'admin') throw new AppError('forbidden', messages.forbidden);
      request.user = user;
    }),
  );
  // A stale token on a public page is treated as a visitor, not as an error.
  app.decorate(
    'optionalUser',
    callerHook((request, user) => {
      request.user = user;
    }, true),
  );
}
