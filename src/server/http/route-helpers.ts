import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorReplySchema } from '../../shared/schemas/common';

/** Error replies a route documents in OpenAPI, all `{message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

/** A reply encoded exactly as the route's schema serialiser would (checked, then JSON), to be kept and sent as bytes. */
export function encodeReply<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends JSON encoded earlier by `encodeReply`: an untyped reply, so the route's serialiser does not run again. */
export function sendEncoded(reply: FastifyReply, body: string): FastifyReply {
  const raw: FastifyReply = reply;
  return raw.type('application/json; charset=utf-8').send(body);
}
