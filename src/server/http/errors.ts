import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Duplex } from 'node:stream';
import { messages } from '../../shared/messages';
import { findBadText } from '../../shared/rules/control-characters';
import { type ErrorCode, statusOfCode } from '../../shared/error-codes';
import { AppError } from '../lib/app-error';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params: { keys?: unknown } };

/** At most this many fields are named in a reply, and each name at most this long: a body of thousands of bad fields gets a small reply. */
const MAX_FIELDS = 5;
const MAX_FIELD_NAME = 60;
const shortName = (name: string) => (name.length > MAX_FIELD_NAME ? `${name.slice(0, MAX_FIELD_NAME)}…` : name);

/**
 * A key as a field's path names it: cut short, and `__proto__` written `_` (as any key that is itself the fault), since
 * a `fields` entry named `__proto__` would set the prototype of a client that reads the reply into an object.
 */
export const fieldName = (key: string) => (key === '__proto__' ? '_' : shortName(key));

/** Field errors keyed by dotted path, the first few only; unknown fields get their own pt-BR text. */
function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  const add = (path: string, message: string) => {
    if (count >= MAX_FIELDS || Object.hasOwn(fields, path)) return;
    fields[path] = message;
    count++;
  };
  for (const issue of issues) {
    if (count >= MAX_FIELDS) break;
    const path = issue.instancePath.split('/').filter(Boolean).map(fieldName);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys.slice(0, MAX_FIELDS))
        add([...path, fieldName(String(key))].join('.'), messages.unknownField(shortName(String(key))));
      continue;
    }
    add(path.join('.') || '_', issue.message ?? messages.badRequest);
  }
  return fields;
}

/**
 * Every validated body, query and path is first searched for text that is not text (decision 064): a control
 * character (NUL above all, which PostgreSQL refuses) is a `control_character` 400, a lone UTF-16 surrogate (half of
 * an emoji) a `validation_failed` 400, each naming the field, before any schema or query sees it.
 */
export function refusingBadText<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const found = findBadText(data);
      if (found === undefined) return validate(data);
      // Named as a schema's errors are: each key cut short, so a long key does not come back whole.
      const field = found.path.split('.').map(fieldName).join('.') || '_';
      if (found.fault === 'lone_surrogate')
        return { error: new AppError('validation_failed', messages.loneSurrogate, { [field]: messages.loneSurrogate }) };
      return { error: new AppError('control_character', messages.controlCharacter, { [field]: messages.controlCharacter }) };
    };
  };
}

/** The body of every error reply: the code (its status comes from the catalogue), the pt-BR text and the field errors. */
export const errorBody = (code: ErrorCode, message: string, fields?: Record<string, string>) => ({
  code,
  message,
  ...(fields ? { fields } : {}),
});

const CLIENT_ERRORS: Record<string, { code: ErrorCode; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', reason: 'Request Header Fields Too Large', message: messages.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', reason: 'Request Timeout', message: messages.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse (headers too large, a broken
 * request line, too slow) still gets the `{code, message}` shape in Portuguese, then the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const known = (error.code && CLIENT_ERRORS[error.code]) || { code: 'bad_request', reason: 'Bad Request', message: messages.badRequest };
  const body = JSON.stringify(errorBody(known.code, known.message));
  socket.end(
    `HTTP/1.1 ${statusOfCode(known.code)} ${known.reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_json', message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: messages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: messages.badRequest },
};

/** The code of a 4xx from Fastify or a plugin that names no code of its own, by its status. */
const byStatus: Partial<Record<number, { code: ErrorCode; message: string }>> = {
  404: { code: 'not_found', message: messages.notFound },
  408: { code: 'request_timeout', message: messages.requestTimeout },
  413: { code: 'payload_too_large', message: messages.payloadTooLarge },
  415: { code: 'unsupported_media_type', message: messages.unsupportedMediaType },
  429: { code: 'rate_limited', message: messages.tooManyRequests },
};

/** Errors of a database that is away (restarting, unreachable), by code: the driver's socket errors and PostgreSQL's. */
const DATABASE_AWAY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** …and by the driver's texts for a connection that ended, which carry no code. */
const DATABASE_AWAY_TEXT = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

/** Whether `error`, or what it wraps (the ORM wraps the driver's error), says the database is away rather than wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_AWAY_CODES.has(code)) return true;
    if (DATABASE_AWAY_TEXT.test(current.message)) return true;
  }
  return false;
}

/**
 * One error model, every reply `{code, message, fields?}` with the status of its code: AppError → its code and
 * message; validation → `validation_failed` with `fields`; Fastify's own 4xx → a code of the catalogue and a pt-BR
 * message (one the catalogue does not name is a `bad_request`); a database that is away → `database_unavailable` (503);
 * anything else → `internal_error`, which leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0];
      return reply.status(statusOfCode('validation_failed')).send(errorBody('validation_failed', first ?? messages.badRequest, fields));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(statusOfCode(known.code)).send(errorBody(known.code, known.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const { code, message } = byStatus[error.statusCode] ?? { code: 'bad_request', message: messages.badRequest };
      return reply.status(statusOfCode(code)).send(errorBody(code, message));
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarting or out of reach: a moment's wait, not a fault of the request (the pool reconnects).
      request.log.warn({ err: error }, 'banco de dados indisponível');
      reply.header('Retry-After', '2');
      return reply.status(statusOfCode('database_unavailable')).send(errorBody('database_unavailable', messages.serviceRecovering));
    }
    request.log.error({ err: error }, 'erro inesperado');
    return reply.status(statusOfCode('internal_error')).send(errorBody('internal_error', messages.internalError));
  });
}
