import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/open-database';
import type { users } from '../db/schema';
import type { GoogleVerifier } from '../integrations/google/verify-google-token';
import type { ResolveHost } from '../integrations/push/endpoint-safety';
import type { Mailer } from '../integrations/mail/mailer';
import type { PaymentProviders } from '../integrations/payments/create-payment-providers';
import type { PaymentAccountServices } from '../integrations/payments/payment-account-services';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import type { RateLimiter } from '../lib/rate-limit';
import type { TokenClaims, TokenService } from '../lib/token-service';

/** What use cases and routes get to work with; built once per app. */
export type ServerContext = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  google: GoogleVerifier | undefined;
  /** Card and PIX providers (Stripe and Mercado Pago, or the sandbox), from PAYMENTS. */
  payments: PaymentProviders;
  /** Organisers' own accounts at Mercado Pago and Stripe: their tokens' cipher and each provider's side (decision 082). */
  paymentAccounts: PaymentAccountServices;
  log: Logger;
  metrics: Metrics;
  /** Publish after a change visitors see; caches subscribe (on every instance). */
  changes: ChangeFeed;
  /** Resolves a push endpoint's name when a device subscribes: the system's resolver unless a test gives its own. */
  resolveHost?: ResolveHost;
};

/** The signed-in user of a request, as stored. */
export type AuthUser = typeof users.$inferSelect;

/** A request's valid token, and its account read only when a use case needs more than the token's claims. */
export type SignedInCaller = { claims: TokenClaims; account(): Promise<AuthUser> };
