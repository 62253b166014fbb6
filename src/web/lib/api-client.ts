import { type ErrorCode, isErrorCode, statusOfCode } from '../../shared/error-codes';
import { httpMessages as messages } from '../../shared/http-messages';
import type { z } from 'zod';
import { fillPath, type PathParamName, type RoutePath, splitRoute } from '../../shared/api/route-key';
import type { ApiRoute, ApiRoutes } from '../../shared/api/routes';
import type { SsrApiTransport } from '../../shared/ssr';
import { readStorage, storageKeys } from './storage';

/**
 * What a failed call was: a code of the API's catalogue, or one of the client's own when the API never answered
 * (`connection_failed`) or answered without a code of the catalogue (`unknown_error`: a proxy, a gateway).
 */
export type ApiErrorCode = ErrorCode | 'connection_failed' | 'unknown_error';

/** An error the user can read: `message` is already pt-BR. Code decides what to do, never `status` or the text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, code: ApiErrorCode, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** A signed-in call refused for its session: the stored token is no good any more. */
const endsSession = (code: ApiErrorCode) => code === 'session_expired' || code === 'unauthenticated';

/** Whether `error` is an `ApiError` with one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** Whether the API refused the request itself (a 4xx of the catalogue): asking again gets the same answer. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && isErrorCode(error.code) && statusOfCode(error.code) < 500;
}

/** How a call is made, whatever its route. */
export type ApiRequestOptions = {
  signal?: AbortSignal;
  /** Text for an error reply without a message (spec: players §8 fallbacks). */
  fallbackMessage?: string;
  /** Send no bearer token even when one is stored (login, register, recovery). */
  anonymous?: boolean;
  /** A refused session just fails instead of ending the session (used while the session is resolved). */
  ignoreUnauthorized?: boolean;
  /** Extra request headers (an `Idempotency-Key`, for example). */
  headers?: Record<string, string>;
};

type Contract<K extends ApiRoute> = ApiRoutes[K];
type Part<C, F extends 'query' | 'body'> = C extends { readonly [P in F]: infer S extends z.ZodType } ? S : undefined;

/** What a call to `K` gets: the output of its reply schema. */
export type ApiReply<K extends ApiRoute> = z.output<Contract<K>['reply']>;

/**
 * A query string's values as the client gives them: a value the schema reads from text (coerced or preprocessed,
 * so its input is `unknown`) is given as what it reads into, and may be left out; any other as its input.
 */
type QueryValues<S extends z.ZodType, I = z.input<S>, O = z.output<S>> = {
  [K in keyof I as unknown extends I[K] ? never : K]: I[K];
} & {
  [K in keyof I as unknown extends I[K] ? K : never]?: K extends keyof O ? Exclude<O[K], undefined> : never;
};

type ParamsPart<K extends ApiRoute> = [PathParamName<RoutePath<K>>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamName<RoutePath<K>>, string | number> };

type QueryPart<K extends ApiRoute> =
  Part<Contract<K>, 'query'> extends infer S extends z.ZodType
    ? object extends QueryValues<S>
      ? { query?: QueryValues<S> }
      : { query: QueryValues<S> }
    : { query?: never };

type BodyPart<K extends ApiRoute> =
  Part<Contract<K>, 'body'> extends infer S extends z.ZodType
    ? undefined extends z.input<S>
      ? { body?: z.input<S> }
      : { body: z.input<S> }
    : { body?: never };

/** What a call to `K` sends: its path parameters, query and body as the route's schemas take them, and how to send it. */
export type ApiCall<K extends ApiRoute> = ParamsPart<K> & QueryPart<K> & BodyPart<K> & ApiRequestOptions;

/** The call may be left out when nothing in it is required. */
type CallArguments<K extends ApiRoute> = object extends ApiCall<K> ? [call?: ApiCall<K>] : [call: ApiCall<K>];

let onUnauthorized: (() => void) | null = null;

/** How requests reach the API: `fetch` in the browser, the server's own in-process call when it renders a page. */
let transport: SsrApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: SsrApiTransport): void {
  transport = next;
}

/**
 * The session registers what happens when an authenticated call is refused for its session (`session_expired`,
 * `unauthenticated`). Returns what puts back the handler it replaced.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  const replaced = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = replaced;
  };
}

function messageFromBody(body: unknown): { code: ApiErrorCode; message?: string; fields?: Record<string, string> } {
  if (typeof body !== 'object' || body === null) return { code: 'unknown_error' };
  const record = body as Record<string, unknown>;
  const message =
    typeof record.message === 'string' && record.message.trim() !== ''
      ? record.message
      : typeof record.error === 'string' && record.error.trim() !== ''
        ? record.error
        : undefined;
  const fields = typeof record.fields === 'object' && record.fields !== null ? (record.fields as Record<string, string>) : undefined;
  return { code: isErrorCode(record.code) ? record.code : 'unknown_error', message, fields };
}

function fallbackFor(status: number, fallbackMessage: string | undefined): string {
  if (status === 400) return messages.badRequest;
  if (status >= 500) return messages.internalError;
  return fallbackMessage ?? messages.unknownError;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `?a=1&b=x` of the values given (in their order), leaving out those not given or empty; '' for none. */
export function querySearch(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Development and tests hold every success reply to the reply schema of its route in the table and fail loudly
 * when it drifts. The production build drops the call and the schemas with it (`import.meta.env` is replaced at
 * build time, decision 017).
 */
async function checkReplyContract(route: ApiRoute, path: string, payload: unknown): Promise<void> {
  const { checkReply } = await import('../../shared/api/check-reply');
  try {
    checkReply(route, path, payload);
  } catch (error) {
    console.error(error);
    throw error;
  }
}

/**
 * Calls a route of the API's table (shared/api/routes.ts) with JSON in and out, its parameters, query and body
 * typed by the route's schemas and its reply by the reply schema; throws `ApiError` with a message fit for the user.
 *
 *     api('GET /games/:id', { params: { id: 7 }, signal, fallbackMessage: 'Erro ao carregar jogo' })
 */
export async function api<K extends ApiRoute>(route: K, ...[call]: CallArguments<K>): Promise<ApiReply<K>> {
  const {
    params,
    query,
    body,
    signal,
    fallbackMessage,
    anonymous = false,
    ignoreUnauthorized = false,
    headers: extraHeaders,
  } = (call ?? {}) as ApiRequestOptions & {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const { method, path: pattern } = splitRoute(route);
  const path = `${fillPath(pattern, params)}${querySearch(query)}`;
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = anonymous ? null : readStorage(storageKeys.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.connectionError, 0, 'connection_failed');
  }

  const payload = await readBody(response);
  if (response.ok) {
    if (import.meta.env.DEV || import.meta.env.MODE === 'test') await checkReplyContract(route, path, payload);
    return payload as ApiReply<K>;
  }

  const { code, message, fields } = messageFromBody(payload);
  if (endsSession(code) && token && !ignoreUnauthorized) {
    onUnauthorized?.();
    throw new ApiError(messages.sessionExpired, 401, 'session_expired');
  }
  throw new ApiError(message ?? fallbackFor(response.status, fallbackMessage), response.status, code, fields);
}

/**
 * Downloads `/api{path}` (a spreadsheet) with the session's token and saves it as `filename`: a plain
 * link cannot send the bearer token.
 */
export async function apiDownload(path: string, filename: string, fallbackMessage: string): Promise<void> {
  const token = readStorage(storageKeys.authToken);
  let response: Response;
  try {
    response = await transport(`/api${path}`, { method: 'GET', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(messages.connectionError, 0, 'connection_failed');
  }
  if (!response.ok) {
    const { code, message } = messageFromBody(await readBody(response));
    if (endsSession(code) && token) onUnauthorized?.();
    throw new ApiError(message ?? fallbackFor(response.status, fallbackMessage), response.status, code);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** Reads `/api{path}` as text (a list to copy) with the session's token; errors as `api` throws them. */
export async function apiText(path: string, options: { signal?: AbortSignal; fallbackMessage: string }): Promise<string> {
  const token = readStorage(storageKeys.authToken);
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method: 'GET',
      headers: { Accept: 'text/plain', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.connectionError, 0, 'connection_failed');
  }
  if (response.ok) return response.text();
  const { code, message } = messageFromBody(await readBody(response));
  if (endsSession(code) && token) onUnauthorized?.();
  throw new ApiError(message ?? fallbackFor(response.status, options.fallbackMessage), response.status, code);
}

/** The text to show for any error thrown by a call. */
export function errorMessage(error: unknown, fallback: string = messages.unknownError): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
