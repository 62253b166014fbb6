import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { messages } from '../../shared/messages';
import type { AuthUser, ServerContext } from '../core/context';
import { createSignedInCache } from '../core/signed-in-cache';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / requireAdmin / optionalUser. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerHookHandler;
    requireAdmin: preHandlerHookHandler;
    optionalUser: preHandlerHookHandler;
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
  if (!request.user) throw new AppError('unauthorized', messages.unauthenticated);
  return request.user;
}

export function registerAuthentication(app: FastifyInstance, ctx: Pick<ServerContext, 'db' | 'tokens' | 'config' | 'clock' | 'changes' | 'log'>): void {
  app.decorateRequest('user', null);
  // The account behind a token, from the signed-in read model: a password change or an erased account (a
  // write, which drops the cache) ends earlier tokens at once here and within the feed's latency elsewhere.
  const accounts = createSignedInCache<AuthUser | null>(ctx, { name: 'accounts', maxEntries: 20_000 });
  // Frozen: one row serves many requests, none may change it for the others.
  const loadAccount = async (userId: number) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    return user ? Object.freeze(user) : null;
  };

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw new AppError('unauthorized', messages.sessionExpired);
    const user = await accounts.get(String(claims.userId), () => loadAccount(claims.userId));
    if (!user || user.tokenVersion !== claims.tokenVersion) throw new AppError('unauthorized', messages.sessionExpired);
    return user;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw new AppError('unauthorized', messages.unauthenticated);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.user = await resolve(request);
    if (!request.user) throw new AppError('unauthorized', messages.unauthenticated);
    if (request.user.role !== 'admin') throw new AppError('forbidden', messages.forbidden);
  });
  // A stale token on a public page is treated as a visitor, not as an error.
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await resolve(request).catch(() => null);
  });
}
