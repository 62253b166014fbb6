import { validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGame, createSignedInUser, referenceIds } from '../../../test-support/server/factories';
import { tableDigest } from '../../../test-support/server/reads';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { mulberry32 } from '../../../test-support/seeded';
import { messages } from '../../shared/messages';
import { refusingBadText } from './errors';

// Text is text everywhere (issue 40, decision 064): a lone UTF-16 surrogate, half of an emoji, in any string of a
// request is a 400 `validation_failed` naming the field, on every route, before any schema or query sees it.

const HIGH = '\ud83c'; // the first half of 🏐 (U+1F3D0)
const LOW = '\udfd0'; // its second half
const WHOLE = `${HIGH}${LOW}`;
/** The same halves as a JSON body's bytes would carry them without escapes (CESU-8), and as URL escapes. */
const CESU_HIGH = Buffer.from([0xed, 0xa0, 0xbc]);
const URL_HIGH = '%ED%A0%BC';
const URL_LOW = '%ED%BF%90';

const refusal = (field: string) => ({
  code: 'validation_failed',
  message: messages.loneSurrogate,
  fields: { [field]: messages.loneSurrogate },
});

const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
let admin: { authorization: string };
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
  admin = (await createSignedInUser(t.app, { role: 'admin' })).headers;
});
const db = () => t.app.ctx.db;

function seriesPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Racha de quinta',
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000',
    price: 10,
    totalSlots: 4,
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    firstDateTime: '2026-11-26T19:30',
    occurrences: 8,
    memberSlots: 3,
    ...overrides,
  };
}

function gamePayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vôlei de sábado',
    location: 'Arena Beira-Mar',
    address: 'Av. Beira-Mar Norte, 1000 - Florianópolis',
    dateTime: '2026-11-28T15:00:00.000Z',
    price: 25.5,
    totalSlots: 12,
    description: 'Traga água.',
    visibility: 'public',
    usePlatformPayment: true,
    state: 'published',
    sportId: ref.volei,
    stateId: ref.santaCatarina,
    cityId: ref.florianopolis,
    ...overrides,
  };
}

const send = (method: 'POST' | 'PUT' | 'GET', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('weekly series text', () => {
  it.each([
    ['a high half in the name', { name: `Racha ${HIGH}` }, 'name'],
    ['a low half in the location', { location: `${LOW} Arena` }, 'location'],
    ['two highs in the address', { address: `Rua ${HIGH}${HIGH}${LOW}` }, 'address'],
    ['a low before a high', { name: `${LOW}${HIGH}` }, 'name'],
  ])('POST /series with %s is a 400 naming the field, and creates nothing', async (_what, text, field) => {
    const { headers } = await createSignedInUser(t.app);
    const before = await tableDigest(db());
    const res = await send('POST', '/api/series', headers, seriesPayload(text));
    expect([res.statusCode, res.json()]).toEqual([400, refusal(field)]);
    expect(await tableDigest(db())).toEqual(before);
  });

  it('PUT /series/{id} with half an emoji is a 400 naming the field and changes nothing; the whole emoji is kept', async () => {
    const { headers } = await createSignedInUser(t.app);
    const created = await send('POST', '/api/series', headers, seriesPayload({ name: `Racha ${WHOLE}` }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().series.id as number;
    const before = await tableDigest(db());
    for (const [field, value] of [
      ['name', `Racha ${HIGH}`],
      ['location', `Ginásio ${LOW}`],
    ] as const) {
      const res = await send('PUT', `/api/series/${id}`, headers, { ...seriesPayload({ [field]: value }), firstDateTime: undefined });
      expect([res.statusCode, res.json()]).toEqual([400, refusal(field)]);
    }
    expect(await tableDigest(db())).toEqual(before);
    const edited = await send('PUT', `/api/series/${id}`, headers, {
      ...seriesPayload({ name: `Racha ${WHOLE}`, location: `Ginásio ${WHOLE}` }),
      firstDateTime: undefined,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().games[0].location).toBe(`Ginásio ${WHOLE}`);
    expect((await send('GET', `/api/series/${id}`, headers)).json().series).toMatchObject({ name: `Racha ${WHOLE}` });
  });
});

describe('other routes', () => {
  it('POST /user-games stores no "�": half an emoji is a 400 naming the field', async () => {
    const { headers } = await createSignedInUser(t.app);
    const before = await tableDigest(db());
    for (const [field, value] of [
      ['name', `Vôlei ${HIGH}`],
      ['description', `Traga água ${LOW}`],
    ] as const) {
      const res = await send('POST', '/api/user-games', headers, gamePayload({ [field]: value }));
      expect([res.statusCode, res.json()]).toEqual([400, refusal(field)]);
    }
    expect(await tableDigest(db())).toEqual(before);
    const whole = await send('POST', '/api/user-games', headers, gamePayload({ name: `Vôlei ${WHOLE}` }));
    expect(whole.statusCode, whole.body).toBe(201);
  });

  it('POST /auth/register and PUT /users/phone refuse it too, in a key as well as a value', async () => {
    const before = await tableDigest(db());
    const register = { name: `Ana ${LOW}`, email: 'ana@bora.test', password: 'Senha-forte-123', confirmPassword: 'Senha-forte-123' };
    const res = await send('POST', '/api/auth/register', {}, register);
    expect([res.statusCode, res.json()]).toEqual([400, refusal('name')]);
    const key = await send('POST', '/api/auth/login', {}, { email: 'ana@bora.test', password: 'x', [`campo${HIGH}`]: 1 });
    expect([key.statusCode, key.json()]).toEqual([400, refusal('_')]);
    const phone = await send('PUT', '/api/users/phone', admin, { phone: `(48) 99999-0000${HIGH}` });
    expect([phone.statusCode, phone.json()]).toEqual([400, refusal('phone')]);
    expect(await tableDigest(db())).toEqual(before);
  });

  it('a JSON body whose bytes are not UTF-8 (a surrogate written as bytes) is malformed, not stored as "�"', async () => {
    const { headers } = await createSignedInUser(t.app);
    const before = await tableDigest(db());
    const text = JSON.stringify(seriesPayload({ name: 'Racha X' }));
    const [start, end] = text.split('X') as [string, string];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from(start), CESU_HIGH, Buffer.from(end)]),
    });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'malformed_json', message: messages.bodyNotUtf8 }]);
    expect(await tableDigest(db())).toEqual(before);
    // The same body in UTF-8, with the whole emoji as bytes, is taken.
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/series',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from(start), Buffer.from(WHOLE, 'utf8'), Buffer.from(end)]),
    });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().series.name).toBe(`Racha ${WHOLE}`);
  });
});

describe('query strings and path parameters', () => {
  it('never answer 5xx: an escape that is no UTF-8 is text as written in a query, a bad address in a path', async () => {
    const game = await createGame(db());
    const queries = [
      `/api/games?location=${URL_HIGH}`,
      `/api/games?location=Arena${URL_LOW}`,
      `/api/admin/users?search=${URL_HIGH}${URL_LOW}`,
      `/api/admin/games?search=${URL_LOW}`,
      `/api/games/cities?stateId=${URL_HIGH}`,
    ];
    for (const url of queries) {
      const res = await send('GET', url, admin);
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().code, url).toMatch(/^[a-z_]+$/);
    }
    const paths = [
      `/api/games/private/${URL_HIGH}`,
      `/api/calendar/${URL_LOW}.ics`,
      `/api/unsubscribe/${URL_HIGH}`,
      `/api/games/${game.id}${URL_HIGH}`,
      `/api/series/${URL_LOW}`,
    ];
    for (const url of paths) expect((await send('GET', url, admin)).statusCode, url).toBe(400);
  });

  it('a query or a path holding a lone surrogate (however a parser might make one) is refused at the same place, naming it', () => {
    const compile = refusingBadText(validatorCompiler);
    const query = compile({
      schema: z.strictObject({ location: z.string().optional() }),
      method: 'GET',
      url: '/api/games',
      httpPart: 'querystring',
    });
    expect(query({ location: `Arena ${HIGH}` })).toEqual({
      error: expect.objectContaining({ code: 'validation_failed', fields: { location: messages.loneSurrogate } }),
    });
    expect(query({ location: `Arena ${WHOLE}` })).toEqual({ value: { location: `Arena ${WHOLE}` } });
    const params = compile({
      schema: z.strictObject({ link: z.string() }),
      method: 'GET',
      url: '/api/games/private/:link',
      httpPart: 'params',
    });
    expect(params({ link: LOW })).toEqual({
      error: expect.objectContaining({ code: 'validation_failed', fields: { link: messages.loneSurrogate } }),
    });
  });
});

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** A text with one lone half at a random place, amid ordinary text and whole emoji. */
function brokenText(random: () => number): string {
  const half = random() < 0.5 ? HIGH : LOW;
  const around = ['Vôlei', ' ', WHOLE, 'ç', 'אבג', '👍🏽', 'x'.repeat(1 + Math.floor(random() * 20))];
  const parts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => around[Math.floor(random() * around.length)]!);
  parts.splice(Math.floor(random() * (parts.length + 1)), 0, half);
  return parts.join('');
}

/** A value of the schema's shape where every string (and everything else) is text with a lone half in it. */
function withBrokenText(schema: JsonSchema | undefined, random: () => number): unknown {
  if (schema?.properties)
    return Object.fromEntries(Object.keys(schema.properties).map((key) => [key, withBrokenText(schema.properties![key], random)]));
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((option) => option.type)].flat();
  if (types.includes('array')) return [withBrokenText(schema?.items, random)];
  return brokenText(random);
}

describe('every route that takes a JSON body', () => {
  it.each([40, 41])('answers each body holding half an emoji with 400 validation_failed, and stores nothing (seed %i)', async (seed) => {
    const random = mulberry32(seed);
    const game = await createGame(db());
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const before = await tableDigest(db());
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        // The webhooks read their own raw bodies, checked by the provider's signature before anything is parsed.
        if (!schema || path.startsWith('/api/webhooks/')) continue;
        const body = withBrokenText(schema, random);
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{\w+\}/g, String(game.id)),
          headers: { ...admin, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        sent++;
        const reply = res.json() as { code?: string; message?: string; fields?: Record<string, string> };
        const field = Object.keys(reply.fields ?? {})[0];
        if (res.statusCode !== 400 || reply.code !== 'validation_failed' || reply.message !== messages.loneSurrogate || !field)
          failures.push(`${method.toUpperCase()} ${path} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);
    expect(await tableDigest(db())).toEqual(before);
  });
});
