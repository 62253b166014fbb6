import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { resolveJwtSecret } from './bootstrap';
import type { ServerContext } from './core/context';
import { paymentSweepJob } from './core/games/expire-pending-payments';
import { startJobs } from './core/jobs';
import { UPKEEP_INTERVAL_MS, upkeepOneTable } from './db/embedded-upkeep';
import { mailDeliveryJob, registerOutboxMetrics } from './core/notifications/mail-delivery';
import { mailRequestsJob } from './core/notifications/mail-requests';
import { pushDeliveryJob, registerPushOutboxMetrics } from './core/notifications/push-delivery';
import { afterCommitRetryJob } from './core/payments/after-commit-retries';
import { retentionJob } from './core/retention/run-retention';
import type { Database } from './db/open-database';
import { registerAuthentication } from './http/authentication';
import { answerClientError, refusingBadText, registerErrorHandling } from './http/errors';
import { answerFrameworkError, MAX_PARAM_LENGTH } from './http/framework-errors';
import { registerGracefulDrain } from './http/graceful-drain';
import { BODY_LIMIT_BYTES, registerJsonBodies } from './http/json-body';
import { registerRefusedBodyDrain } from './http/refused-bodies';
import { retryConflicts } from './http/retry-conflicts';
import { logSerializers, registerObservability, registerRequestContext, requestIdOf } from './http/observability';
import { openApiOptions } from './http/openapi';
import { declareRateLimits } from './http/route-helpers';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createGoogleVerifier } from './integrations/google/verify-google-token';
import type { ResolveHost } from './integrations/push/endpoint-safety';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { createPaymentAccountServices } from './integrations/payments/payment-account-services';
import { type Clock, systemClock } from './lib/clock';
import type { Config } from './lib/config';
import { createMetrics } from './lib/metrics';
import { registerRateLimits } from './lib/rate-limit';
import { replySerializer } from './lib/reply-serializer';
import { createTokenService } from './lib/token-service';
import { adminRoutes } from './modules/admin/routes';
import { passwordResetRequests } from './modules/auth/request-password-reset';
import { authRoutes } from './modules/auth/routes';
import { calendarRoutes } from './modules/calendars/routes';
import { creditRoutes } from './modules/credits/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { organiserNewsRequests } from './modules/games/fast-apply';
import { gameMessageRoutes } from './modules/game-messages/routes';
import { gameRoutes } from './modules/games/routes';
import { healthRoutes } from './modules/health/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { createAppPaymentProviders } from './modules/payments/app-payment-providers';
import { paymentReconciliationJob } from './modules/payments/reconcile-payments';
import { paymentAccountsRefreshJob } from './modules/payment-accounts/refresh-mercadopago-tokens';
import { paymentAccountRoutes } from './modules/payment-accounts/routes';
import { seriesRollJob } from './modules/series/roll-series-forward';
import { groupRoutes } from './modules/groups/routes';
import { seriesRoutes } from './modules/series/routes';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout-routes';
import { paymentWebhookRoutes } from './modules/payments/webhook-routes';
import { reminderJob } from './modules/reminders/send-reminders';
import { userGameRoutes } from './modules/user-games/routes';
import { userRoutes } from './modules/users/routes';

export type AppDeps = {
  config: Config;
  /** Opened and migrated. */
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where log lines go (standard output when absent). */
  logStream?: { write(line: string): void };
  /** Folder of the built web app; when absent or unbuilt only the API is served. */
  webRoot?: string;
  /** Holds every reply to its route's schema (the test suite's apps; see replySerializer). */
  checkReplies?: boolean;
  /** Resolves push endpoints' names when devices subscribe (the system's resolver when absent). */
  resolveHost?: ResolveHost;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // The headers of an address, known once the security headers are registered, for the router's refusals.
  let headersFor = (_url: string): Record<string, string> => ({});
  const app = Fastify({
    logger: { level: config.logLevel, serializers: logSerializers, stream: deps.logStream },
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError(() => headersFor),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: BODY_LIMIT_BYTES,
    // While draining on SIGTERM, a request that still arrives on an open connection is answered, not refused.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(refusingBadText(validatorCompiler));
  app.setSerializerCompiler(replySerializer(deps.checkReplies ?? false));
  registerJsonBodies(app);
  registerRefusedBodyDrain(app);
  retryConflicts(app);
  declareRateLimits(app);

  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const tokens = createTokenService({ secret: await resolveJwtSecret(database.db, config.jwtSecret), clock });
  const metrics = createMetrics();
  const pool = database.poolStats;
  if (pool) {
    metrics.gauge('db_pool_connections', 'Conexões abertas com o PostgreSQL', () => pool().total);
    metrics.gauge('db_pool_idle_connections', 'Conexões ociosas com o PostgreSQL', () => pool().idle);
    metrics.gauge('db_pool_waiting_requests', 'Consultas esperando uma conexão', () => pool().waiting);
  }
  const rateLimiter = await registerRateLimits(app, {
    enabled: config.rateLimits,
    redisUrl: config.redisUrl,
    keyPrefix: `${config.redisKeyPrefix}rate-limit:`,
  });
  const ctx: ServerContext = {
    config,
    metrics,
    changes: database.changes,
    db: database.db,
    clock,
    mailer,
    tokens,
    payments: createAppPaymentProviders({ config, db: database.db, clock, tokens }),
    paymentAccounts: createPaymentAccountServices(config.paymentAccounts),
    rateLimiter,
    google: config.googleClientId
      ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
      : undefined,
    log: app.log,
    resolveHost: deps.resolveHost,
  };
  app.decorate('ctx', ctx);
  registerRequestContext(app, ctx);
  registerOutboxMetrics(metrics, database.db);
  registerPushOutboxMetrics(metrics, database.db);
  const jobs = startJobs(
    ctx,
    [
      paymentSweepJob(ctx),
      paymentReconciliationJob(ctx),
      reminderJob(ctx),
      seriesRollJob(ctx),
      // What replies promised that is still to be written (codes, organisers' news), before the delivery of what is.
      mailRequestsJob(ctx, [passwordResetRequests, organiserNewsRequests]),
      mailDeliveryJob(ctx),
      pushDeliveryJob(ctx),
      afterCommitRetryJob(ctx),
      retentionJob(ctx),
      paymentAccountsRefreshJob(ctx),
      // PGlite starts no autovacuum: this stands in for it (PostgreSQL's own looks after a server's tables).
      ...(database.kind === 'pglite'
        ? [
            {
              name: 'embedded-upkeep',
              intervalMs: UPKEEP_INTERVAL_MS,
              changesReads: false as const,
              run: () => upkeepOneTable(database.db),
            },
          ]
        : []),
    ],
    database.isJobLeader,
  );
  app.addHook('onClose', async () => {
    // Stopped first: a sweep in flight may still queue e-mails.
    await jobs.stop();
    await mailer.idle();
    mailer.close();
  });

  const drain = registerGracefulDrain(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    // While draining, once the listener is closed, each answer closes its connection: a busy keep-alive client
    // reconnects (to another instance) instead of holding this one open until the drain limit.
    if (drain.closesConnections()) reply.header('connection', 'close');
    // A write that succeeded may change what anyone reads: every instance's caches drop what they hold. Before
    // the reply leaves (onSend, not onResponse), so the caller's next read, on any connection, already misses.
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) database.changes.publish();
    done(null, payload);
  });
  registerObservability(app, { metrics, metricsToken: config.metricsToken });
  registerErrorHandling(app);
  headersFor = await registerSecurityHeaders(app, { isHttps: config.publicUrl.startsWith('https://') });
  // No client of this API sends a compressed body: no decompression hook on every request.
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024 });
  registerAuthentication(app, ctx);

  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database, drain.isDraining));
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(calendarRoutes(ctx));
      await api.register(gameRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(invitationRoutes);
      await api.register(seriesRoutes);
      await api.register(groupRoutes);
      await api.register(userGameRoutes(ctx));
      await api.register(gameMessageRoutes);
      await api.register(creditRoutes(ctx));
      await api.register(privacyRoutes(ctx));
      await api.register(paymentWebhookRoutes);
      await api.register(paymentAccountRoutes(ctx));
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );
  // A page of the app itself (not /api), so it must exist before the SPA fallback; sandbox mode only.
  if (ctx.payments.sandbox) await app.register(sandboxCheckoutRoutes(ctx));

  await registerWebApp(app, deps.webRoot, {
    cacheMs: config.listingCacheMs,
    clock,
    publicUrl: config.publicUrl,
    changes: database.changes,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context, for tests and tools that need the same clock, database and mailer. */
    ctx: ServerContext;
  }
}
