import { createStripeClient, wrapStripeError } from './stripe-client';

export type StripeConnectOptions = { secretKey: string; apiUrl?: string };

/** Stripe Connect's Express accounts: one made for an organiser, and the hosted onboarding that completes it. */
export function createStripeConnect(options: StripeConnectOptions) {
  const stripe = createStripeClient(options);
  return {
    /**
     * A new Express account in Brazil for the organiser, asking for card payments and transfers. `idempotencyKey`
     * makes a retry of the same request give back the same account.
     */
    async createExpressAccount(input: { email: string; userId: number; idempotencyKey: string }): Promise<{ accountId: string }> {
      try {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'BR',
            email: input.email || undefined,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { user_id: String(input.userId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { accountId: account.id };
      } catch (error) {
        throw wrapStripeError(error, 'creating the Express account');
      }
    },

    /** A single-use link to Stripe's onboarding of the account; `refreshUrl` when it lapses, `returnUrl` when left. */
    async createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }> {
      try {
        const link = await stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
        });
        return { url: link.url };
      } catch (error) {
        throw wrapStripeError(error, 'creating the account link');
      }
    },
  };
}

export type StripeConnect = ReturnType<typeof createStripeConnect>;
