import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeAny } from 'zod';

/**
 * A route's reply as JSON, as the handler made it (decision 059). Encoding every reply through its zod schema first was
 * a fifth of the server's time on a page of 100 games; the handlers build exactly what their schemas describe instead,
 * and `checked` (the test suite's apps) holds them to it: each reply is also encoded by its schema, and one that the
 * schema would refuse or change (a field it does not describe, a value of another type) is an error.
 */
export function replySerializer(checked: boolean): FastifySerializerCompiler<ZodTypeAny> {
  return (route) => {
    if (!checked) return (data) => JSON.stringify(data);
    const encode = serializerCompiler(route);
    return (data) => {
      const encoded = encode(data);
      const text = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(encoded), JSON.parse(text))) {
        throw new Error(`${route.method} ${route.url}: a resposta tem o que seu esquema não descreve: ${text.slice(0, 500)}`);
      }
      return text;
    };
  };
}
