import type { FastifyBaseLogger } from 'fastify';

/** The slice of a logger the server's own modules use (Fastify's pino logger fits it). */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

/** The fields of a Node system error (a refused connection, a DNS failure) that say where it happened. */
const SYSTEM_FIELDS = ['errno', 'syscall', 'address', 'port', 'hostname', 'command', 'responseCode'] as const;
/** Inner errors and causes beyond this are left out of a log line: enough to name a cause, never a loop. */
const MAX_DEPTH = 4;
const MAX_INNER = 5;

type ErrorLike = {
  code?: unknown;
  errors?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
  message?: unknown;
};

/**
 * What a failure was, in one line: its code and text, then those of the errors inside it (a refused connection to a
 * name with several addresses is an AggregateError, one per address, with no message of its own) or of its cause.
 * Never empty: a value that is not an Error is given as text.
 */
export function describeError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : textOf(error);
  const { code, errors, cause } = error as ErrorLike;
  const inner =
    depth < MAX_DEPTH && Array.isArray(errors)
      ? errors
          .slice(0, MAX_INNER)
          .map((each) => describeError(each, depth + 1))
          .filter(Boolean)
      : [];
  const because = depth < MAX_DEPTH && inner.length === 0 && cause !== undefined ? describeError(cause, depth + 1) : '';
  const text = [typeof code === 'string' || typeof code === 'number' ? String(code) : '', error.message, ...inner, because]
    .filter((part) => part)
    .join(': ');
  return text || error.name;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') {
    const { code, message } = value as ErrorLike;
    const text = [code, message].filter((part) => typeof part === 'string' && part).join(': ');
    if (text) return text;
    try {
      return JSON.stringify(value).slice(0, 500);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value as string | number | boolean | bigint | symbol);
}

export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * An error as a log line keeps it (the logger's `err` serializer): its type, code, text and stack, where a system
 * error happened (address, port, syscall), the errors inside an AggregateError and its cause, so that every failure's
 * line names what went wrong; a value that is not an Error (a cause already put in words) is its text. A failed query
 * keeps its statement but never its parameters (passwords' hashes, codes, e-mails), and a database error its code,
 * constraint, table and column but not the values PostgreSQL quotes in its message or `detail`.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    const code = typeof error === 'object' && error !== null ? (error as ErrorLike).code : undefined;
    return {
      type: error === null ? 'null' : typeof error === 'object' ? (error.constructor?.name ?? 'Object') : typeof error,
      message: typeof error === 'string' ? error : textOf(error),
      stack: '',
      ...(code !== undefined ? { code } : {}),
    };
  }
  const { code, constraint, table, column, errors, cause } = error as ErrorLike;
  const isDatabaseError = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  const clean = (text: string | undefined) => {
    const withoutParams = (text ?? '').replace(/\nparams: [^\n]*/g, '');
    return isDatabaseError ? withoutParams.replace(/"[^"\n]*"/g, '"…"') : withoutParams;
  };
  const system = Object.fromEntries(
    SYSTEM_FIELDS.map((field) => [field, (error as unknown as Record<string, unknown>)[field]]).filter(([, value]) => value !== undefined),
  );
  const inner = depth < MAX_DEPTH && Array.isArray(errors) ? errors.slice(0, MAX_INNER).map((each) => errorForLog(each, depth + 1)) : [];
  return {
    type: error.constructor?.name ?? error.name,
    // An AggregateError has no text of its own: the line says what its inner errors were.
    message: clean(error.message) || clean(describeError(error)),
    stack: clean(error.stack),
    ...(code !== undefined ? { code } : {}),
    ...(isDatabaseError ? { constraint, table, column } : system),
    ...(inner.length > 0 ? { errors: inner } : {}),
    ...(cause !== undefined && depth < MAX_DEPTH ? { cause: errorForLog(cause, depth + 1) } : {}),
  };
}
