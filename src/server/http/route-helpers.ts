import { errorReplySchema } from '../../shared/schemas/common';

/** Error replies a route documents in OpenAPI, all `{message, fields?}`. */
export function errorReplies<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}
