/**
 * The one contract every payment provider implements (Stripe for card, Mercado Pago for PIX,
 * the sandbox for local use). Money is integer centavos on this side; each provider converts to
 * its own units. Nothing here touches the database: the caller stores what createCheckout returns
 * and decides what a ProviderPayment means for its own rows.
 */

export type ProviderName = 'stripe' | 'mercadopago' | 'sandbox';
export type PaymentMethod = 'card' | 'pix';

export type CheckoutInput = {
  /** Our payment row id as text; comes back as ProviderPayment.reference. At most 256 characters. */
  reference: string;
  /** A positive integer: centavos of BRL. */
  amountCents: number;
  /** What the payer sees on the provider's page, e.g. "Vôlei de sábado: 1 vaga". */
  description: string;
  payerEmail: string;
  /**
   * Where the payer lands after paying. Used as given: put our reference in it and, on return,
   * ask findCheckoutPayment with the stored session id (never trust the query the provider adds).
   */
  successUrl: string;
  /** Where the payer lands after giving up (Mercado Pago: also after a failed payment). */
  cancelUrl: string;
  /** Our webhook endpoint for this provider (Mercado Pago puts it in the preference; Stripe ignores it: its endpoint is set in the dashboard). */
  notificationUrl: string;
  /**
   * When our hold on the slot ends. The checkout stops accepting payment around then
   * (Stripe: never earlier than 30 minutes after creation, its minimum). A payment can still
   * arrive after it: the caller must handle a late 'paid'.
   */
  expiresAt?: Date;
  /**
   * Made on the game's payee's own account, the platform keeping `feeCents` of it (decision 085): Mercado Pago with the
   * seller's token and `marketplace_fee`, Stripe as a destination charge with `application_fee_amount`. Absent: the
   * platform's own account.
   */
  payee?: PayeeAccount & { feeCents: number };
};

/** An organiser's connected account a payment is made on, refunded from or read from (decision 085). */
export type PayeeAccount = {
  /** Stripe: the connected account (acct_…); Mercado Pago: the seller's user id. */
  accountId: string;
  /** Mercado Pago: the seller's access token, opened for this call only; none for Stripe. */
  accessToken?: string;
};

export type CheckoutSession = {
  /** Store it with the payment row: Stripe Checkout Session id (cs_…), Mercado Pago preference id, sandbox sbx_… id. */
  sessionId: string;
  /** Send the payer here. */
  url: string;
  /** Mercado Pago only: the test-user page (sandbox_init_point). */
  sandboxUrl?: string;
};

/**
 * paid: money captured. pending: not yet (or in review). failed: rejected, cancelled or expired;
 * refunded: paid once, then refunded or charged back. Only 'paid' may credit anything.
 */
export type PaymentStatus = 'paid' | 'pending' | 'failed' | 'refunded';

export type ProviderPayment = {
  provider: ProviderName;
  /**
   * What refund() takes: Stripe PaymentIntent id (pi_…), Mercado Pago payment id, sandbox sbxpay_… id.
   * Null while the provider has no payment yet (a Stripe session not yet paid).
   */
  providerPaymentId: string | null;
  /** The checkout it belongs to, when the provider says so (Stripe, sandbox); null for Mercado Pago. */
  sessionId: string | null;
  status: PaymentStatus;
  /** The provider's own status word, for logs and support. */
  providerStatus: string;
  /** What the provider says was charged, in centavos. Compare it with the row before crediting. */
  amountCents: number;
  /** Upper case ISO code, e.g. 'BRL'. Compare it too. */
  currency: string;
  /** Our CheckoutInput.reference as the provider echoes it; null when absent (not one of ours). */
  reference: string | null;
};

export type WebhookRequest = {
  /** The exact bytes received: signatures cover them, so never a re-serialised JSON. */
  rawBody: Buffer | string;
  /** Node's lower-cased header names, as Fastify gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed query string (Mercado Pago signs data.id from it). */
  query: Record<string, unknown>;
};

export type WebhookResult =
  /**
   * A status report for one payment, freshly verified. Not necessarily paid: check status, match
   * reference and amount, and apply it idempotently (the same payment is reported many times).
   */
  | { kind: 'payment'; eventId: string; payment: ProviderPayment }
  /** A connected account's state changed (Stripe Connect's `account.*` events): applied by the payment accounts. */
  | { kind: 'account'; eventId: string; account: ConnectedAccountReport }
  /** Authentic but of no interest (another event type, an unknown id): answer 200 and move on. */
  | { kind: 'ignored'; eventId?: string; reason: string };

/**
 * What a provider says of an organiser's connected account, as of `at` (the event's creation): reports arrive repeated
 * and out of order, so an older one than what is stored changes nothing.
 */
export type ConnectedAccountReport = {
  provider: Exclude<ProviderName, 'sandbox'>;
  accountId: string;
  /** The platform's access was withdrawn (`account.application.deauthorized`). */
  isRevoked: boolean;
  chargesEnabled: boolean;
  at: Date;
};

export type RefundOptions = {
  /** Reuse the same key when retrying the same refund (e.g. `refund-${refundRowId}`) so it happens once. */
  idempotencyKey?: string;
  /**
   * The payment was made on this account (CheckoutInput.payee): the refund undoes the split, Stripe reversing the
   * transfer and giving back the application fee, Mercado Pago refunding with the seller's token.
   */
  payee?: PayeeAccount;
};

export type RefundResult = { refundId: string; providerStatus: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;

  /** Starts a hosted checkout. Throws PaymentProviderError when the provider refuses or cannot be reached. */
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;

  /**
   * Looks one payment up by the id the provider's notifications carry. The id differs per provider:
   * Stripe: the Checkout Session id (cs_…); Mercado Pago: the payment id (a number as text);
   * sandbox: the sbx_… session id. Null when the provider does not know the id.
   */
  getPayment(lookupId: string): Promise<ProviderPayment | null>;

  /**
   * Re-checks a checkout we started, from what the caller stored: used on the return page and before
   * a hold expires, in case a notification was lost. Stripe and sandbox read the session; Mercado
   * Pago searches payments by external_reference (an approved one wins, else the newest).
   * Null when nothing was paid or attempted yet.
   */
  findCheckoutPayment(checkout: { sessionId: string; reference: string; payee?: PayeeAccount }): Promise<ProviderPayment | null>;

  /**
   * Closes a checkout we no longer wait for (its hold expired or was cancelled) so it stops taking
   * payment. True when the provider closed it now; false when it was no longer open or the provider
   * cannot close a checkout (Mercado Pago, sandbox: the checkout is closed on our side only, and a
   * payment that still arrives becomes credits). Throws PaymentProviderError when it cannot be asked.
   */
  expireCheckout(sessionId: string): Promise<boolean>;

  /** Refunds part or all of a paid payment, in centavos. */
  refund(providerPaymentId: string, amountCents: number, options?: RefundOptions): Promise<RefundResult>;

  /**
   * Verifies and reads one notification. Throws WebhookSignatureError when it is not authentic
   * (answer 400 and write nothing), PaymentProviderError when the provider could not be asked
   * (answer 5xx so it retries).
   */
  handleWebhook(request: WebhookRequest): Promise<WebhookResult>;
}

/** The notification is not authentic: bad, missing or stale signature. */
export class WebhookSignatureError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider refused a call or could not be reached. `status` is the HTTP status when there was one; `code`, the
 * provider's own word for the refusal when it gave one (Mercado Pago's `invalid_grant`, Stripe's `resource_missing`).
 */
export class PaymentProviderError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; code?: string },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.code = options?.code;
  }
}

export function assertAmountCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`amountCents must be a positive integer, got ${amountCents}`);
  }
}

/** One header value, whatever shape the framework gave it. */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
