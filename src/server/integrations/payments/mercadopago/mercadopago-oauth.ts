import { PaymentProviderError } from '../provider';
import { createMercadoPagoClient } from './mercadopago-client';

export type MercadoPagoOAuthOptions = {
  clientId: string;
  clientSecret: string;
  /** The authorisation page, https://auth.mercadopago.com/authorization unless a test serves its own. */
  authUrl: string;
  /** The API base whose /oauth/token exchanges codes and refresh tokens. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** A seller's credentials as /oauth/token gives them. */
export type MercadoPagoSellerTokens = {
  accessToken: string;
  /** Good for one refresh only: each refresh answers a new one, which must replace it. */
  refreshToken: string;
  /** Seconds the access token lasts (180 days in Mercado Pago's documentation). */
  expiresInSeconds: number;
  /** The seller's Mercado Pago user id. */
  sellerId: string;
};

type TokenReply = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  user_id?: number | string;
};

/**
 * Why Mercado Pago refused a code or a refresh token, from its documented error words: `invalid_grant` (invalid,
 * expired, used or revoked: the documentation does not tell them apart) and `unauthorized_client` (the seller no longer
 * grants the application anything). Null for anything else (our credentials, Mercado Pago down), which says nothing of
 * the seller's authorisation.
 */
export function grantRefusal(error: unknown): 'expired' | 'revoked' | null {
  if (!(error instanceof PaymentProviderError) || error.status === undefined || error.status >= 500) return null;
  if (error.code === 'invalid_grant') return 'expired';
  if (error.code === 'unauthorized_client') return 'revoked';
  return null;
}

/** Mercado Pago's marketplace OAuth (authorization code with `offline_access`), through its REST API. */
export function createMercadoPagoOAuth(options: MercadoPagoOAuthOptions) {
  const call = createMercadoPagoClient(options);

  async function token(body: Record<string, string>, action: string): Promise<MercadoPagoSellerTokens> {
    const reply = await call<TokenReply>('POST', '/oauth/token', {
      body: { client_id: options.clientId, client_secret: options.clientSecret, ...body },
      action,
    });
    if (!reply?.access_token || !reply.refresh_token || !reply.expires_in || reply.user_id === undefined) {
      throw new PaymentProviderError('mercadopago', `Mercado Pago: ${action} came back without the seller's tokens`);
    }
    return {
      accessToken: reply.access_token,
      refreshToken: reply.refresh_token,
      expiresInSeconds: reply.expires_in,
      sellerId: String(reply.user_id),
    };
  }

  return {
    /** The page where the seller authorises the platform; it sends the browser to `redirectUri` with `code` and `state`. */
    authorizationUrl(input: { state: string; redirectUri: string }): string {
      const url = new URL(options.authUrl);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('platform_id', 'mp');
      url.searchParams.set('state', input.state);
      url.searchParams.set('redirect_uri', input.redirectUri);
      return url.toString();
    },

    /** Trades the code the seller's browser brought back (once, within minutes) for their tokens. */
    exchangeCode(input: { code: string; redirectUri: string }): Promise<MercadoPagoSellerTokens> {
      return token({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }, 'exchanging the code');
    },

    /** New tokens for old: the refresh token given is spent, whatever happens to the reply. */
    refresh(refreshToken: string): Promise<MercadoPagoSellerTokens> {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'refreshing the token');
    },
  };
}

export type MercadoPagoOAuth = ReturnType<typeof createMercadoPagoOAuth>;
