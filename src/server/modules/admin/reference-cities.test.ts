import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { cities, states } from '../../db/schema';
import { seedReferenceData } from '../../db/seed/seed-reference-data';

const t = setUpTestApp();
const db = () => t.app.ctx.db;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let sc: number;
let rs: number;
beforeAll(async () => {
  admin = await createSignedInUser(t.app, { role: 'admin' });
  sc = (await db().select().from(states).where(eq(states.uf, 'SC')))[0]!.id;
  rs = (await db().select().from(states).where(eq(states.uf, 'RS')))[0]!.id;
});

const as = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const publicCities = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/games/cities?stateId=${sc}` })).json() as { name: string }[];

describe('the reference cities', () => {
  it('offer Grande Florianópolis and the main cities of Santa Catarina, in pt-BR order, each with its IBGE code', async () => {
    const names = (await publicCities()).map((city) => city.name);
    for (const name of [
      'Florianópolis',
      'São José',
      'Palhoça',
      'Biguaçu',
      'Santo Amaro da Imperatriz',
      'Águas Mornas',
      'Joinville',
      'Chapecó',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.indexOf('Águas Mornas')).toBeLessThan(names.indexOf('Biguaçu'));
    const listed = (await as('GET', `/api/admin/states/${sc}/cities`)).json() as { name: string; ibgeCode: string | null }[];
    const code = (name: string) => listed.find((city) => city.name === name)?.ibgeCode;
    expect([code('Florianópolis'), code('São José'), code('Palhoça'), code('Biguaçu'), code('Joinville')]).toEqual([
      '4205407',
      '4216602',
      '4211900',
      '4202305',
      '4209102',
    ]);
    expect(listed.every((city) => city.ibgeCode?.startsWith('42'))).toBe(true);
  });

  it('are seeded again at every start without duplicates, keeping an admin change', async () => {
    const before = await db().select().from(cities);
    await db().update(cities).set({ active: false }).where(eq(cities.ibgeCode, '4202404'));
    await seedReferenceData(db());
    await seedReferenceData(db());
    const after = await db().select().from(cities);
    expect(after).toHaveLength(before.length);
    expect(after.find((city) => city.ibgeCode === '4202404')!.active).toBe(false);
    await db().update(cities).set({ active: true }).where(eq(cities.ibgeCode, '4202404'));
  });
});

describe('POST /api/admin/states/:id/cities', () => {
  it('adds an active city that the pickers offer at once', async () => {
    const res = await as('POST', `/api/admin/states/${sc}/cities`, { name: '  Garopaba ', ibgeCode: '4205704' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Cidade Garopaba adicionada.',
      city: { name: 'Garopaba', ibgeCode: '4205704', stateId: sc, active: true },
    });
    expect((await publicCities()).map((city) => city.name)).toContain('Garopaba');
  });

  it('checks the name and the code (7 digits, with the state prefix), and refuses a duplicate with 409, changing nothing', async () => {
    const count = async () => (await db().select().from(cities)).length;
    const before = await count();
    const cases: [number, object, number, string][] = [
      [sc, { name: 'Cidade', ibgeCode: '42057' }, 400, 'O código IBGE tem 7 dígitos.'],
      [sc, { name: 'Cidade', ibgeCode: '42O5704' }, 400, 'O código IBGE tem 7 dígitos.'],
      [sc, { name: ' ', ibgeCode: '4299999' }, 400, 'Informe o nome da cidade.'],
      [sc, { name: 'Porto Alegre', ibgeCode: '4314902' }, 400, 'O código IBGE de uma cidade de SC começa com 42.'],
      [rs, { name: 'Florianópolis', ibgeCode: '4205407' }, 400, 'O código IBGE de uma cidade de RS começa com 43.'],
      [
        sc,
        { name: 'Joinville', ibgeCode: '4299991' },
        409,
        'Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).',
      ],
      [
        sc,
        { name: 'são josé', ibgeCode: '4299991' },
        409,
        'Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).',
      ],
      [
        sc,
        { name: 'Outro nome', ibgeCode: '4205407' },
        409,
        'Esta cidade já está cadastrada (mesmo nome neste estado ou mesmo código IBGE).',
      ],
      [999_999, { name: 'Cidade', ibgeCode: '4299991' }, 404, 'Estado não encontrado.'],
    ];
    for (const [stateId, body, status, message] of cases) {
      const res = await as('POST', `/api/admin/states/${stateId}/cities`, body);
      expect([body, res.statusCode, res.json().message]).toEqual([body, status, message]);
    }
    expect(await count()).toBe(before);
  });

  it('is for admins only', async () => {
    const player = await createSignedInUser(t.app);
    expect(
      (await as('POST', `/api/admin/states/${sc}/cities`, { name: 'Bombinhas', ibgeCode: '4202453' }, player.headers)).statusCode,
    ).toBe(403);
    expect((await as('GET', `/api/admin/states/${sc}/cities`, undefined, player.headers)).statusCode).toBe(403);
  });
});
