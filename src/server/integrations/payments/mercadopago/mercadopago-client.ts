import { randomUUID } from 'node:crypto';
import { describeError } from '../../../lib/logger';
import { PaymentProviderError } from '../provider';

// A small typed client of Mercado Pago's REST API. The official SDK (mercadopago 3.6.1) reads its
// base URL from a process-wide constant, so it cannot talk to a local fake per instance.

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

export type MercadoPagoClientOptions = {
  /** Defaults to https://api.mercadopago.com. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type MercadoPagoCall = {
  body?: unknown;
  /** The bearer token of the call: the platform's, or a connected seller's; none for /oauth/token. */
  accessToken?: string;
  idempotencyKey?: string;
  allowNotFound?: boolean;
  action: string;
};

/**
 * One call to Mercado Pago's API: JSON in and out, an idempotency key on every POST, and any refusal or failure as a
 * PaymentProviderError carrying the HTTP status and Mercado Pago's own error word (`invalid_grant`…). Null for a 404
 * the caller allows.
 */
export function createMercadoPagoClient(options: MercadoPagoClientOptions) {
  const apiUrl = (options.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;

  return async function call<T>(method: 'GET' | 'POST', path: string, init: MercadoPagoCall): Promise<T | null> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.accessToken) headers.Authorization = `Bearer ${init.accessToken}`;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      headers['X-Idempotency-Key'] = init.idempotencyKey ?? randomUUID();
    }
    let response: Response;
    try {
      response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // fetch's own text is only "fetch failed": the cause (ECONNREFUSED, a timeout) is what says why.
      const message = describeError(error);
      throw new PaymentProviderError('mercadopago', `Mercado Pago: ${init.action} failed: ${message}`, undefined, { cause: error });
    }
    if (response.status === 404 && init.allowNotFound) return null;
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      let code: string | undefined;
      try {
        const body = JSON.parse(text) as { message?: string; error?: string };
        detail = body.message ?? body.error ?? detail;
        code = body.error;
      } catch {
        // not JSON: keep the text
      }
      throw new PaymentProviderError(
        'mercadopago',
        `Mercado Pago: ${init.action} failed (${response.status}): ${detail}`,
        response.status,
        {
          code,
        },
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new PaymentProviderError('mercadopago', `Mercado Pago: ${init.action} returned invalid JSON`, response.status, {
        cause: error,
      });
    }
  };
}
