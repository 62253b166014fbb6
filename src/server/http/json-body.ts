import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { AppError } from '../lib/app-error';

/**
 * The largest request body: the biggest real one (a game with a 5 000-character description, every character
 * escaped) is about 30 KB. Anything larger is refused (413) while it arrives, before it is parsed.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** No request of this API nests deeper than a few levels; a body nested deeper is refused before it is parsed. */
export const MAX_JSON_DEPTH = 16;

/**
 * Whether the JSON text nests objects and arrays deeper than `max`, found in one pass over the text with a counter
 * (no recursion, nothing allocated), brackets inside strings skipped. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused), behind the size limit and a depth check that
 * costs one pass over the text, so no body makes anything after it (the control-character search, the schemas)
 * walk thousands of levels.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new AppError('json_too_deep', messages.jsonTooDeep), undefined);
    parse(request, body as string, done);
  });
}
