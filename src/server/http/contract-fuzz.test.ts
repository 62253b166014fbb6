import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';
import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, createSignedInUser } from '../../../test-support/server/factories';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { checkReply } from '../../shared/api/check-reply';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, apiRoutes, type RouteContract } from '../../shared/api/routes';
import { errorCodes, isErrorCode } from '../../shared/error-codes';

/**
 * The API fuzzes itself against its own contract (issue 40, decision 066). For every route of the table, requests
 * are generated from the published OpenAPI document's schemas by json-schema-faker, then mutated by fast-check
 * (fields missing, of another type, null, long, with control characters, emoji, right-to-left or half an emoji,
 * huge or fractional numbers, extra fields, other content types, empty, broken or too large bodies, hostile path and
 * query values) and sent as a visitor, a player, an organiser or an administrator. Every answer must be declared for
 * its route, none a 5xx; a success must keep to its reply schema, an error must be `{code, message, fields?}` with
 * a code of the catalogue sent with its status; every one carries the API's headers.
 *
 * Seeded: CONTRACT_FUZZ_SEED runs one seed, otherwise the two below run as two tests; CONTRACT_FUZZ_REQUESTS sets
 * the requests per route, CONTRACT_FUZZ_BUDGET_MS the time a seed may take (its requests go round by round over the
 * routes, so a budget cut leaves no route untried).
 */
const SEEDS = process.env.CONTRACT_FUZZ_SEED ? [Number(process.env.CONTRACT_FUZZ_SEED)] : [40_2, 40_6];
const REQUESTS_PER_ROUTE = Number(process.env.CONTRACT_FUZZ_REQUESTS ?? 48);
/** A seed's requests stop here, whatever is left (a slow or busy machine): the file stays well within 90 s. */
const BUDGET_MS = Number(process.env.CONTRACT_FUZZ_BUDGET_MS ?? 25_000);

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Response = { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

type Persona = 'visitor' | 'player' | 'organiser' | 'admin';
const PERSONAS: Persona[] = ['visitor', 'player', 'organiser', 'admin'];

/** A request before it is encoded: every part still a value, so a mutation can reach any field. */
type Draft = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** undefined: no body at all. */
  body?: unknown;
  /** A payload sent as it is, past any encoding (a broken or empty body). */
  rawPayload?: string;
  contentType?: string;
};

// ── Hostile values, drawn by fast-check ────────────────────────────────────────────────────────────────────────
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: controlCharacter, minLength: 1, maxLength: 4 }).map((control) => `Zé${control}`),
  fc.constantFrom('مرحبا بالجميع', 'שלום חברים', '\u202Egnp.exe', 'a\u200Fb\u200Ec', 'Vôlei 🏐🇧🇷👨‍👩‍👧', '\uFEFF', ' ', ''),
  fc.integer({ min: 101, max: 12_000 }).map((length) => 'x'.repeat(length)),
  // Half an emoji: a lone surrogate, as a broken client or a string cut in the middle sends it.
  fc.constantFrom('\uD83D', 'abc\uDFD0', '\uDC00\uD800'),
);
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, -1, 0, 0.5, 10.005, 1e-7),
);
const hostileOther = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: { b: [null] } });
const hostileValue = fc.oneof(hostileText, hostileNumber, hostileOther);

const MUTATIONS = [
  'valid',
  'valid',
  'missing',
  'replace',
  'replace',
  'null',
  'extra',
  'content-type',
  'empty-body',
  'not-an-object',
  'broken-json',
  'too-large',
  'path',
  'query',
] as const;
type Mutation = (typeof MUTATIONS)[number];

const plan = fc.record({
  persona: fc.constantFrom(...PERSONAS),
  mutation: fc.constantFrom(...MUTATIONS),
  pick: fc.nat(),
  value: hostileValue,
  text: hostileText,
  contentType: fc.constantFrom(
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/json; charset=latin1',
  ),
  /** An id of something the run made (small, as the database is fresh) or whatever the schema allows. */
  knownId: fc.option(fc.integer({ min: 1, max: 12 }), { freq: 2 }),
});
type Plan = typeof plan extends fc.Arbitrary<infer P> ? P : never;

// ── Building a request ───────────────────────────────────────────────────────────────────────────────────────
/** Every path to a value inside `value` (object keys and array items), the root excepted. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function setAt(root: unknown, path: Array<string | number>, value: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove && Array.isArray(node)) node.splice(Number(last), 1);
  else if (remove) delete node[last];
  else node[last] = value;
}

/** Applies `mutation` to `draft`, falling back to another part of the request when the route has no such part. */
function mutate(draft: Draft, each: Plan, takesBody: boolean): Mutation {
  const { mutation, pick, value, text, contentType } = each;
  const bodyPaths = draft.body !== undefined && draft.body !== null ? pathsOf(draft.body) : [];
  const queryKeys = Object.keys(draft.query);
  const paramKeys = Object.keys(draft.params);
  const pickOf = <T>(list: T[]) => list[pick % list.length]!;
  switch (mutation) {
    case 'missing':
      if (bodyPaths.length > 0) setAt(draft.body, pickOf(bodyPaths), undefined, true);
      else if (queryKeys.length > 0) delete draft.query[pickOf(queryKeys)];
      else if (takesBody) draft.body = undefined;
      else return 'valid';
      return mutation;
    case 'replace':
    case 'null': {
      const replacement = mutation === 'null' ? null : value;
      if (bodyPaths.length > 0) setAt(draft.body, pickOf(bodyPaths), replacement);
      else if (queryKeys.length > 0) draft.query[pickOf(queryKeys)] = replacement;
      else if (paramKeys.length > 0) draft.params[pickOf(paramKeys)] = replacement;
      else if (takesBody) draft.body = replacement;
      else return 'valid';
      return mutation;
    }
    case 'extra':
      if (takesBody && draft.body !== null && typeof draft.body === 'object' && !Array.isArray(draft.body))
        (draft.body as Record<string, unknown>)[text.slice(0, 80) || 'extra'] = value;
      else draft.query[text.slice(0, 80) || 'extra'] = value;
      return mutation;
    case 'content-type':
    case 'empty-body':
    case 'not-an-object':
    case 'broken-json':
    case 'too-large':
      if (!takesBody) return mutate(draft, { ...each, mutation: 'query' }, takesBody);
      if (mutation === 'content-type') draft.contentType = contentType;
      if (mutation === 'empty-body') draft.rawPayload = '';
      if (mutation === 'not-an-object') draft.body = value;
      if (mutation === 'broken-json') draft.rawPayload = JSON.stringify(draft.body ?? { a: 1 }).slice(0, -1);
      // Past the JSON limit (64 KB), and past a form's (2 KB).
      if (mutation === 'too-large') draft.rawPayload = JSON.stringify({ texto: 'x'.repeat(70_000 + (pick % 1_000)) });
      draft.contentType ??= 'application/json';
      return mutation;
    case 'path':
      if (paramKeys.length === 0) return mutate(draft, { ...each, mutation: 'replace' }, takesBody);
      draft.params[pickOf(paramKeys)] = pick % 2 === 0 ? text : value;
      return mutation;
    case 'query':
      draft.query[queryKeys.length > 0 ? pickOf(queryKeys) : text.slice(0, 40) || 'q'] = pick % 2 === 0 ? text : value;
      return mutation;
    default:
      return 'valid';
  }
}

/** A query or path value as text: a list repeats its key, anything else that is not text goes as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value));

/**
 * A path segment percent-encoded, half an emoji as the three bytes a broken client writes for it (WTF-8), which
 * `encodeURIComponent` refuses to.
 */
const encodeSegment = (text: string) =>
  text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (part) => {
      if (part.length !== 1 || !/[\uD800-\uDFFF]/.test(part)) return encodeURIComponent(part);
      const unit = part.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    },
  );

function encode(method: string, pattern: string, draft: Draft): InjectOptions {
  const params = Object.fromEntries(Object.entries(draft.params).map(([name, value]) => [name, asText(value)]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(draft.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) && value.length > 0 ? value : [value]) search.append(name, asText(item));
  }
  const query = search.toString();
  const path = pattern.replace(/:(\w+)/g, (_whole, name: string) => encodeSegment(params[name] ?? ''));
  const url = `/api${path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = { ...draft.headers };
  let payload: string | undefined = draft.rawPayload;
  if (payload === undefined && draft.body !== undefined) {
    payload = draft.contentType?.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(
          Object.entries((draft.body ?? {}) as Record<string, unknown>).map(([key, value]): [string, string] => [key, asText(value)]),
        ).toString()
      : JSON.stringify(draft.body);
    headers['content-type'] = draft.contentType ?? 'application/json';
  }
  if (payload !== undefined) headers['content-type'] ??= draft.contentType ?? 'application/json';
  return { method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) };
}

// ── What every answer must be ──────────────────────────────────────────────────────────────────────────────────
type Answer = { status: number; headers: LightMyRequestResponse['headers']; body: string; contentType: string };

function problemsOf(route: ApiRoute, contract: RouteContract, operation: Operation, url: string, answer: Answer): string[] {
  const problems: string[] = [];
  const { status, headers, body, contentType } = answer;
  const declared = operation.responses[String(status)];
  if (status >= 500) problems.push(`5xx (${status})`);
  if (!declared) problems.push(`status ${status} não declarado`);
  if (!headers['content-security-policy']) problems.push('sem Content-Security-Policy');
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('sem X-Content-Type-Options: nosniff');
  if (!headers['x-request-id']) problems.push('sem X-Request-Id');
  if (status >= 200 && status < 300) {
    if (contract.produces) {
      if (!contentType.startsWith(contract.produces)) problems.push(`sucesso como ${contentType}, não ${contract.produces}`);
    } else {
      try {
        checkReply(route, url, JSON.parse(body));
      } catch (error) {
        problems.push(`sucesso fora do esquema: ${(error as Error).message.slice(0, 300)}`);
      }
    }
  }
  if (status >= 400) {
    let reply: Record<string, unknown> | undefined;
    try {
      reply = contentType.startsWith('application/json') ? (JSON.parse(body) as Record<string, unknown>) : undefined;
    } catch {
      reply = undefined;
    }
    if (!reply || typeof reply !== 'object' || Array.isArray(reply)) {
      problems.push(`erro fora da forma {code, message}: ${contentType} ${body.slice(0, 120)}`);
      return problems;
    }
    const extra = Object.keys(reply).filter((key) => !['code', 'message', 'fields'].includes(key));
    if (extra.length > 0) problems.push(`erro com campos além de code, message, fields: ${extra.join(', ')}`);
    if (!isErrorCode(reply.code)) problems.push(`código fora do catálogo: ${String(reply.code)}`);
    else if (errorCodes[reply.code] !== status) problems.push(`${reply.code} é ${errorCodes[reply.code]} no catálogo, veio ${status}`);
    else {
      const codes = declared?.content?.['application/json']?.schema?.properties?.code?.enum;
      if (codes && !codes.includes(reply.code)) problems.push(`${reply.code} não está entre os códigos declarados para ${status}`);
    }
    if (typeof reply.message !== 'string' || reply.message === '') problems.push('erro sem message');
    const { fields } = reply;
    if (fields !== undefined && (fields === null || typeof fields !== 'object' || Object.values(fields).some((v) => typeof v !== 'string')))
      problems.push('fields não é um mapa de textos');
  }
  return problems;
}

/** Sends `request`; a stream that opens is read up to its headers and closed, as a client that goes away. */
async function send(inject: (options: InjectOptions) => Promise<LightMyRequestResponse>, request: InjectOptions, isStream: boolean) {
  if (!isStream) {
    const res = await inject(request);
    return { status: res.statusCode, headers: res.headers, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
  }
  const res = await inject({ ...request, payloadAsStream: true });
  const stream = res.stream() as Readable;
  const contentType = String(res.headers['content-type'] ?? '');
  if (res.statusCode === 200 && contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, headers: res.headers, body: '', contentType };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), contentType };
}

describe.each(SEEDS)('the API keeps its contract under fuzzing (seed %i)', (seed) => {
  const t = setUpTestApp();
  let document: Document;
  let personaHeaders: Record<Persona, Record<string, string>>;

  beforeAll(async () => {
    document = t.app.swagger() as unknown as Document;
    const [player, organiser, admin] = [
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
      await createSignedInUser(t.app, { role: 'admin' }),
    ];
    // Things the known ids name: games of the organiser and of the administration.
    await createGame(t.app.ctx.db, { creatorId: organiser.user.id });
    await createGame(t.app.ctx.db, { creatorId: admin.user.id });
    personaHeaders = { visitor: {}, player: player.headers, organiser: organiser.headers, admin: admin.headers };
  });

  it(`answers ${REQUESTS_PER_ROUTE} generated and mutated requests per route within its contract`, { timeout: 90_000 }, async () => {
    const started = Date.now();
    const problems = new Map<string, string>();
    const statuses = new Map<string, number>();
    const routes = Object.entries(apiRoutes) as Array<[ApiRoute, RouteContract]>;
    let sent = 0;
    // Each route's generators, seeded by the seed and the route's place in the table.
    const walks = routes.map(([route, contract], index) => {
      const { method, path } = splitRoute(route);
      const operation = document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      return {
        route,
        contract,
        method,
        path,
        operation: operation!,
        faker: createGeneratorSync({ seed: seed * 1_000 + index, optionalsProbability: 0.85, maxLength: 200, useExamplesValue: true }),
        plans: fc.sample(plan, { seed: seed * 1_000 + index, numRuns: REQUESTS_PER_ROUTE }),
      };
    });
    // Round by round over every route, so a run cut short by its time budget has still tried every route alike.
    for (let round = 0; round < REQUESTS_PER_ROUTE && Date.now() - started < BUDGET_MS; round++) {
      for (const { route, contract, method, path, operation, faker, plans } of walks) {
        const each = plans[round]!;
        const draft: Draft = { params: {}, query: {}, headers: { ...personaHeaders[each.persona] } };
        for (const parameter of operation.parameters ?? []) {
          const isId = (parameter.schema as { type?: string }).type === 'integer';
          const value = isId && each.knownId !== null ? each.knownId : faker.generate(parameter.schema);
          if (parameter.in === 'path') draft.params[parameter.name] = value;
          else if (parameter.in === 'query' && (parameter.required || each.pick % 3 !== 0)) draft.query[parameter.name] = value;
          else if (parameter.in === 'header' && parameter.required) draft.headers[parameter.name] = asText(value);
        }
        const bodySchema = operation.requestBody && Object.entries(operation.requestBody.content)[0];
        if (bodySchema) {
          draft.contentType = bodySchema[0];
          draft.body = faker.generate(bodySchema[1].schema);
        }
        const mutation = mutate(draft, each, method !== 'GET');
        const request = encode(method, path, draft);
        const answer = await send((options) => t.app.inject(options), request, contract.produces === 'text/event-stream');
        sent++;
        const seen = `${route} ${answer.status}`;
        statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
        for (const problem of problemsOf(route, contract, operation, request.url as string, answer)) {
          const key = `${route} → ${answer.status}: ${problem}`;
          if (!problems.has(key))
            problems.set(
              key,
              `${key}\n    ${each.persona}, ${mutation}: ${String(request.url).slice(0, 160)} ${String(request.payload ?? '').slice(0, 200)}\n` +
                `    ← ${answer.body.slice(0, 240)}`,
            );
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.warn(
      `contrato (semente ${seed}): ${sent} de ${REQUESTS_PER_ROUTE * routes.length} pedidos em ${seconds.toFixed(1)} s, ` +
        `${statuses.size} pares rota-status, ${problems.size} problemas`,
    );
    expect([...problems.values()]).toEqual([]);
    // The walk reaches past the refusals: most routes answer a success to some request.
    const succeeded = new Set([...statuses.keys()].filter((key) => / 2\d\d$/.test(key)).map((key) => key.replace(/ \d+$/, '')));
    expect(succeeded.size).toBeGreaterThan(routes.length / 3);
  });
});
