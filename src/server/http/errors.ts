import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Duplex } from 'node:stream';
import { messages } from '../../shared/messages';
import { findControlCharacter } from '../../shared/rules/control-characters';
import { AppError, statusOf } from '../lib/app-error';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params: { keys?: unknown } };

/** At most this many fields are named in a reply, and each name at most this long: a body of thousands of bad fields gets a small reply. */
const MAX_FIELDS = 5;
const MAX_FIELD_NAME = 60;
const shortName = (name: string) => (name.length > MAX_FIELD_NAME ? `${name.slice(0, MAX_FIELD_NAME)}…` : name);

/** Field errors keyed by dotted path, the first few only; unknown fields get their own pt-BR text. */
function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  const add = (path: string, message: string) => {
    if (count >= MAX_FIELDS || path in fields) return;
    fields[path] = message;
    count++;
  };
  for (const issue of issues) {
    if (count >= MAX_FIELDS) break;
    const path = issue.instancePath.split('/').filter(Boolean).map(shortName);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys.slice(0, MAX_FIELDS)) add([...path, shortName(String(key))].join('.'), messages.unknownField(shortName(String(key))));
      continue;
    }
    add(path.join('.') || '_', issue.message ?? messages.badRequest);
  }
  return fields;
}

/**
 * Every validated body, query and path is first searched for control characters (NUL above all, which
 * PostgreSQL refuses): one is a 400 naming the field, before any schema or query sees it.
 */
export function refusingControlCharacters<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const field = findControlCharacter(data);
      if (field === undefined) return validate(data);
      return { error: new AppError('bad_request', messages.controlCharacter, { [field || '_']: messages.controlCharacter }) };
    };
  };
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: messages.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: messages.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse (headers too large, a broken
 * request line, too slow) still gets the `{message}` shape in Portuguese, then the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const known = (error.code && CLIENT_ERRORS[error.code]) || { status: 400, reason: 'Bad Request', message: messages.badRequest };
  const body = JSON.stringify({ message: known.message });
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.badRequest },
};

/**
 * One error model: AppError → its status and message; validation → 400 with `fields`;
 * Fastify's own 4xx → a pt-BR message; anything else → 500 with a generic text that leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(statusOf[error.code]).send({ message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0];
      return reply.status(400).send({ message: first ?? messages.badRequest, fields });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: messages.badRequest });
    }
    request.log.error({ err: error }, 'erro inesperado');
    return reply.status(500).send({ message: messages.internalError });
  });
}
