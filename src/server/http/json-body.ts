import type { FastifyInstance } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { messages } from '../../shared/messages';
import { AppError } from '../lib/app-error';
import { fieldName } from './errors';

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
 * The path (keys from the top) of the first key of a parsed body that could reach an object's prototype: `__proto__`, or a
 * `constructor` holding a `prototype` (the keys Fastify's parser refuses), or undefined when there is none. The body's
 * depth is already bounded, and the walk keeps its own stack.
 */
export function findPrototypeKey(value: unknown): string[] | undefined {
  const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (has(node, '__proto__')) return [...path, '__proto__'];
    const { constructor } = node as { constructor?: unknown };
    if (has(node, 'constructor') && constructor !== null && typeof constructor === 'object' && has(constructor, 'prototype'))
      return [...path, 'constructor'];
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return undefined;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused), behind the size limit and a depth check that
 * costs one pass over the text, so no body makes anything after it (the control-character search, the schemas)
 * walk thousands of levels. The body must be UTF-8 (RFC 8259): bytes that are not (a lone surrogate written as
 * bytes, CESU-8 style) would otherwise become "�" in what is stored, so they are malformed JSON (decision 064). A
 * key that reaches a prototype (`__proto__`) is refused as the unknown field it is (decision 064).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, bytes, done) => {
    if (!isUtf8(bytes as Buffer)) return done(new AppError('malformed_json', messages.bodyNotUtf8), undefined);
    const body = (bytes as Buffer).toString('utf8');
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return done(new AppError('json_too_deep', messages.jsonTooDeep), undefined);
    parse(request, body, (error, parsed) => {
      if (!error) return done(null, parsed);
      // Refused by the parser: malformed, or well-formed with a key that reaches a prototype, named here (the
      // second parse happens on this refusal only, and the text is at most BODY_LIMIT_BYTES).
      let key: string[] | undefined;
      try {
        key = findPrototypeKey(JSON.parse(body));
      } catch {
        key = undefined;
      }
      if (key === undefined) return done(error, undefined);
      // Named as a schema names an unknown field: its dotted path, each key cut short (`__proto__` itself as `_`).
      const field = key.map(fieldName).join('.');
      const message = messages.unknownField(key.at(-1)!);
      done(new AppError('validation_failed', message, { [field]: message }), undefined);
    });
  });
}
