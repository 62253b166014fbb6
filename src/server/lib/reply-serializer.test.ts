import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializer } from './reply-serializer';

const route = {
  schema: z.object({ id: z.number(), name: z.string(), city: z.object({ id: z.number() }).nullable() }),
  method: 'GET',
  url: '/x',
};

describe('replySerializer', () => {
  it('sends what the handler made, as JSON', () => {
    for (const checked of [false, true]) {
      const serialize = replySerializer(checked)(route);
      expect(serialize({ name: 'Vôlei', id: 1, city: null })).toBe('{"name":"Vôlei","id":1,"city":null}');
    }
  });

  it('checked, refuses a reply with a field its schema does not describe, or a value of another type', () => {
    const serialize = replySerializer(true)(route);
    expect(() => serialize({ id: 1, name: 'Vôlei', city: null, passwordHash: 'x' })).toThrow(
      'GET /x: a resposta tem o que seu esquema não descreve',
    );
    expect(() => serialize({ id: 1, name: 'Vôlei', city: { id: 2, name: 'Floripa' } })).toThrow('GET /x');
    expect(() => serialize({ id: '1', name: 'Vôlei', city: null })).toThrow();
  });

  it('unchecked, sends the reply as it is', () => {
    expect(replySerializer(false)(route)({ id: 1, extra: true })).toBe('{"id":1,"extra":true}');
  });
});
