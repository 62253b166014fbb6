import { and, eq } from 'drizzle-orm';
import { paymentReference } from '../../core/payments/payment-records';
import type { Db } from '../../db/open-database';
import { payments } from '../../db/schema';
import { createPaymentProviders, type PaymentProviders } from '../../integrations/payments/create-payment-providers';
import type { PaymentStatus } from '../../integrations/payments/provider';
import type { SandboxSessionStore } from '../../integrations/payments/sandbox/sandbox-provider';
import type { Clock } from '../../lib/clock';
import type { Config } from '../../lib/config';
import type { TokenService } from '../../lib/token-service';

/** What the sandbox reports for one of our rows: it has no state of its own. */
function sandboxStatus(status: (typeof payments.$inferSelect)['status']): PaymentStatus {
  if (status === 'paid' || status === 'failed' || status === 'refunded') return status;
  return 'pending';
}

function sandboxStore(db: Db): SandboxSessionStore {
  return {
    async find(sessionId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerSessionId, sessionId)));
      if (!row) return null;
      return { sessionId, reference: paymentReference(row.id), amountCents: row.amountCents, status: sandboxStatus(row.status) };
    },
  };
}

/**
 * The app's payment providers. The sandbox signs its simulated notifications with a key derived
 * from the JWT secret, so every instance sharing the database agrees on it without another setting.
 */
export function createAppPaymentProviders(options: { config: Config; db: Db; clock: Clock; tokens: TokenService }): PaymentProviders {
  return createPaymentProviders({
    config: options.config.payments,
    publicUrl: options.config.publicUrl,
    clock: options.clock,
    sandboxStore: sandboxStore(options.db),
    sandboxSecret: options.tokens.digest('bora-jogar:sandbox-payments'),
  });
}
