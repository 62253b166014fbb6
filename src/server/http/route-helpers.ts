import type { FastifyReply } from 'fastify';
import { errorReplySchema } from '../../shared/schemas/common';

/** Error replies a route documents in OpenAPI, all `{message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

/** A spreadsheet download: the CSV as it is, as an attachment, never cached (it holds personal data). */
export function sendCsv(reply: FastifyReply, file: { filename: string; body: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]+/g, '-')}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
