import { eq } from 'drizzle-orm';
import { createECDH, randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { pushSubscriptions } from '../../db/schema';
import { HOST_LOOKUP_TIMEOUT_MS, type ResolveHost } from '../../integrations/push/endpoint-safety';

// A push endpoint's name is looked up for at most HOST_LOOKUP_TIMEOUT_MS (issue 40): a resolver stands in for DNS,
// answering as slowly as each test says; nothing here reaches the network.
let answer: ResolveHost = async () => [{ address: '8.8.8.8', family: 4 }];
const asked: string[] = [];
const t = setUpTestApp({
  resolveHost: (host) => {
    asked.push(host);
    return answer(host);
  },
});
beforeEach(() => {
  asked.length = 0;
});

const never: ResolveHost = () => new Promise(() => {});
const after =
  (ms: number, addresses: { address: string; family: number }[]): ResolveHost =>
  () =>
    new Promise((done) => setTimeout(() => done(addresses), ms));

function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

async function subscribe(endpoint: string) {
  const { user, headers } = await createSignedInUser(t.app);
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/push-subscriptions',
    headers,
    payload: { endpoint, keys: deviceKeys() },
  });
  const ms = performance.now() - started;
  const stored = await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  return { res, ms, stored };
}

describe('a push endpoint whose name is looked up', () => {
  it('is refused with 400 once the lookup has run for the bound, not when the resolver gives up, storing nothing', async () => {
    answer = never;
    const { res, ms, stored } = await subscribe('https://push.nao-responde.example/wpush/v2/abc');
    expect(asked).toEqual(['push.nao-responde.example']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'push_endpoint_refused',
      message: 'O endereço do serviço de push demorou demais para ser encontrado.',
      fields: { endpoint: 'O endereço do serviço de push demorou demais para ser encontrado.' },
    });
    expect(ms).toBeGreaterThanOrEqual(HOST_LOOKUP_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(HOST_LOOKUP_TIMEOUT_MS + 1_000);
    expect(stored).toEqual([]);
  });

  it('is refused the same way when the answer comes too late, even a public address', async () => {
    answer = after(HOST_LOOKUP_TIMEOUT_MS + 1_000, [{ address: '8.8.8.8', family: 4 }]);
    const { res, ms, stored } = await subscribe('https://push.lenta.example/wpush/v2/abc');
    expect([res.statusCode, res.json().code]).toEqual([400, 'push_endpoint_refused']);
    expect(ms).toBeLessThan(HOST_LOOKUP_TIMEOUT_MS + 1_000);
    expect(stored).toEqual([]);
  });

  it('is refused at once when the name does not resolve', async () => {
    answer = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    const { res, ms, stored } = await subscribe('https://push.inexistente.example/wpush/v2/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ endpoint: 'O endereço do serviço de push não foi encontrado.' });
    expect(ms).toBeLessThan(HOST_LOOKUP_TIMEOUT_MS / 2);
    expect(stored).toEqual([]);
  });

  it('is accepted when a public address comes within the bound', async () => {
    answer = after(300, [{ address: '2606:4700::1111', family: 6 }]);
    const { res, stored } = await subscribe('https://push.rapida.example/wpush/v2/abc');
    expect(res.statusCode, res.body).toBe(201);
    expect(stored.map((row) => row.endpoint)).toEqual(['https://push.rapida.example/wpush/v2/abc']);
  });

  it('is still refused when the name leads inside, however fast', async () => {
    answer = async () => [{ address: '10.0.0.7', family: 4 }];
    const { res, stored } = await subscribe('https://push.interna.example/wpush/v2/abc');
    expect(res.json().fields).toEqual({ endpoint: 'O endereço de envio leva a uma rede privada ou local.' });
    expect(stored).toEqual([]);
  });
});
