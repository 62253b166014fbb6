import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../lib/clock';
import { createRefreshingCache } from '../lib/refreshing-cache';
import { replySerializer } from '../lib/reply-serializer';
import { type EncodedReply, encodeReply, sendKept } from './route-helpers';

const schema = z.object({ id: z.number(), name: z.string(), city: z.object({ id: z.number() }).nullable() });

describe('a reply kept encoded (encodeReply)', () => {
  async function appSending(checked: boolean, value: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(replySerializer(checked));
    const kept = createRefreshingCache<EncodedReply>({ ttlMs: 60_000, maxEntries: 1, clock: systemClock, onError: () => {} });
    app.get('/x', { schema: { response: { 200: schema } } }, (request, reply) =>
      sendKept(request, reply, kept, 'x', async () => encodeReply(reply, value)),
    );
    return app;
  }

  it("is encoded by its route's serializer: held to the schema when checked", async () => {
    const extra = { id: 1, name: 'Vôlei', city: null, passwordHash: 'x' };
    const checked = await appSending(true, extra);
    expect((await checked.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    const unchecked = await appSending(false, extra);
    expect((await unchecked.inject({ method: 'GET', url: '/x' })).json()).toEqual(extra);
    const fitting = await appSending(true, { id: 1, name: 'Vôlei', city: { id: 2 } });
    expect((await fitting.inject({ method: 'GET', url: '/x' })).body).toBe('{"id":1,"name":"Vôlei","city":{"id":2}}');
  });
});
