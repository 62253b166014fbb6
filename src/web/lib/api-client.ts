import { type ErrorCode, isErrorCode, statusOfCode } from '../../shared/error-codes';
import { httpMessages as messages } from '../../shared/http-messages';
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

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
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

let onUnauthorized: (() => void) | null = null;

/** How requests reach the API: `fetch` in the browser, the server's own in-process call when it renders a page. */
let transport: SsrApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: SsrApiTransport): void {
  transport = next;
}

/** The session registers what happens when an authenticated call is refused for its session (`session_expired`, `unauthenticated`). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
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
  const fields =
    typeof record.fields === 'object' && record.fields !== null ? (record.fields as Record<string, string>) : undefined;
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

/**
 * Development and tests hold every success reply to the shared schema of its route and fail loudly
 * when it drifts. The production build drops the call and the schemas with it (`import.meta.env`
 * is replaced at build time).
 */
async function checkReplyContract(method: string, path: string, payload: unknown): Promise<void> {
  const { checkReply } = await import('./api-contracts');
  try {
    checkReply(method, path, payload);
  } catch (error) {
    console.error(error);
    throw error;
  }
}

/** Calls `/api{path}` with JSON in and out; throws `ApiError` with a message fit for the user. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, fallbackMessage, anonymous = false, ignoreUnauthorized = false } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
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
    if (import.meta.env.DEV || import.meta.env.MODE === 'test') await checkReplyContract(method, path, payload);
    return payload as T;
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

/** The text to show for any error thrown by a call. */
export function errorMessage(error: unknown, fallback: string = messages.unknownError): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
