import type { FastifyReply } from 'fastify';
import { errorReplySchema } from '../../shared/schemas/common';

/** Error replies a route documents in OpenAPI, all `{message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

const bearerAuth = [{ bearerAuth: [] }];

/**
 * The schema of a route only a signed-in user may call: `schema` as the route would write it, plus the bearer
 * token in OpenAPI and the error replies `errorStatuses` and 401. The route still puts `app.requireUser` on the
 * hook it needs (preHandler, or preValidation where a visitor must not learn what a valid body is).
 *
 *     schema: signedInSchema({ tags, summary: '…', body: xSchema, response: { 200: xReplySchema } }, 400),
 */
export function signedInSchema<const S extends { response: object }, const E extends readonly number[]>(schema: S, ...errorStatuses: E) {
  return { ...schema, security: bearerAuth, response: { ...schema.response, ...errorReplies(...errorStatuses, 401) } };
}

/** A spreadsheet download: the CSV as it is, as an attachment, never cached (it holds personal data). */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
