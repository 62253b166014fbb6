import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../../test-support/server/ledger';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { demoAccounts, seedDemo } from '../../seed-demo';
import { cities, games, sports, states, users } from '../schema';
import { SANTA_CATARINA_CITIES, seedReferenceData } from './seed-reference-data';

const t = setUpTestApp();

describe('seeding', () => {
  it('reference data can run again without duplicating or reactivating anything', async () => {
    const db = t.app.ctx.db;
    await db.update(sports).set({ active: false }).where(eq(sports.name, 'Futsal'));
    await seedReferenceData(db);
    expect(await db.select().from(states)).toHaveLength(27);
    expect((await db.select().from(sports).where(eq(sports.name, 'Futsal')))[0]!.active).toBe(false);
    expect(await db.select().from(cities).where(eq(cities.active, true))).toHaveLength(SANTA_CATARINA_CITIES.length);
  });

  it('fills an empty database with upcoming games and the demo player credits (through the ledger)', async () => {
    const db = t.app.ctx.db;
    expect(await seedDemo(db)).toBe(true);
    expect(await db.select().from(games)).toHaveLength(7);
    const listed = await t.app.inject({ method: 'GET', url: '/api/games' });
    // The fixed test clock stands before the seeded dates, so every public game shows.
    expect(listed.json()).toHaveLength(5);
    expect(listed.json().some((g: { remainingSlots: number }) => g.remainingSlots === 1)).toBe(true);
    expect(listed.json().some((g: { usePlatformPayment: boolean }) => !g.usePlatformPayment)).toBe(true);
    const [player] = await db.select().from(users).where(eq(users.email, demoAccounts[1].email));
    expect(player!.balanceCents).toBe(10_000);
    await expectLedgerBalanced(db);
    // A turma the demo player is in, with a game only for it (not in the public list) and an aviso.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoAccounts[1].email, password: demoAccounts[1].password },
    });
    const headers = { authorization: `Bearer ${signIn.json().token as string}` };
    const turma = await t.app.inject({ method: 'GET', url: '/api/groups/volei-da-praia-mole', headers });
    expect(turma.json()).toMatchObject({ myRole: 'member', group: { name: 'Vôlei da Praia Mole', memberCount: 5 } });
    expect(turma.json().upcomingGames.map((g: { name: string }) => g.name)).toEqual(['Racha da Praia Mole']);
    const avisos = await t.app.inject({ method: 'GET', url: `/api/groups/${turma.json().group.id as number}/messages`, headers });
    expect(avisos.json().messages).toEqual([expect.objectContaining({ sender: expect.objectContaining({ name: 'Otávio Organizador' }) })]);
    expect(await seedDemo(db)).toBe(false);
  });
});
