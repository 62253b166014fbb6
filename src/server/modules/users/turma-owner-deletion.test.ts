import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, DAY_MS, DEFAULT_PASSWORD, referenceIds, turmaGamePayload } from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { runRetention } from '../../core/retention/run-retention';
import { gameMessages, games, groupMembers, groups, notifications, series, users } from '../../db/schema';

// Decision 081: the owner of a turma is the payee of its games, so an account never leaves a turma without one.
const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});

const db = () => t.app.ctx.db;
type Headers = Record<string, string>;
type Person = Awaited<ReturnType<typeof createSignedInUser>>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, body?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body }) });
const deleteAccount = (person: Person) => api('DELETE', '/users/me', person.headers, { password: DEFAULT_PASSWORD });

async function turmaOf(owner: Person, name: string, members: Person[] = [], joinPolicy = 'open') {
  const created = await api('POST', '/groups', owner.headers, { name, cityId: ref.florianopolis, joinPolicy });
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json().group as { id: number; slug: string };
  const token = new URL((await api('GET', `/groups/${group.slug}`, owner.headers)).json().inviteUrl as string).searchParams.get('convite');
  for (const member of members) {
    expect((await api('POST', `/groups/${group.id}/members`, member.headers, { token })).json().status).toBe('member');
  }
  return group;
}

const membersOf = async (groupId: number) =>
  (
    await db().select({ userId: groupMembers.userId, role: groupMembers.role }).from(groupMembers).where(eq(groupMembers.groupId, groupId))
  ).sort((a, b) => a.userId - b.userId);

describe('deleting the account of a turma’s owner', () => {
  it('refuses while others are in the turma, naming it and changing nothing; once handed over, the account goes and the turma stays', async () => {
    const owner = await createSignedInUser(t.app, { name: 'Olga Dona' });
    const member = await createSignedInUser(t.app, { name: 'Bia Lima' });
    const group = await turmaOf(owner, 'Vôlei da Joaquina', [member]);

    const refused = await deleteAccount(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'group_owner_stays', message: messages.groups.handOverBeforeDeleting('Vôlei da Joaquina') });
    const [kept] = await db().select().from(users).where(eq(users.id, owner.user.id));
    expect([kept!.name, kept!.deletedAt]).toEqual(['Olga Dona', null]);
    expect(await membersOf(group.id)).toEqual([
      { userId: owner.user.id, role: 'owner' },
      { userId: member.user.id, role: 'member' },
    ]);

    const handed = await api('PUT', `/groups/${group.id}/members/${member.user.id}`, owner.headers, { role: 'owner' });
    expect(handed.statusCode, handed.body).toBe(200);
    const deleted = await deleteAccount(owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The former owner, an organiser after the handover, is no longer in the turma.
    expect(await membersOf(group.id)).toEqual([{ userId: member.user.id, role: 'owner' }]);
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().group.memberCount).toBe(1);
  });

  it('ends a turma its owner had alone: its games and series leave it, a game only for the turma becomes private, the turma is gone', async () => {
    const owner = await createSignedInUser(t.app, { name: 'Sol Sozinha' });
    const group = await turmaOf(owner, 'Turma de uma pessoa só', [], 'approval');
    const requester = await createSignedInUser(t.app);
    const game = await api('POST', '/user-games', owner.headers, turmaGamePayload(ref, { groupId: group.id, visibility: 'group' }));
    expect(game.statusCode, game.body).toBe(201);
    const weekly = await api('POST', '/series', owner.headers, {
      name: 'Racha semanal',
      location: 'Praia',
      address: '',
      price: 10,
      totalSlots: 8,
      firstDateTime: '2026-11-27T19:30',
      occurrences: 4,
      memberSlots: 2,
      groupId: group.id,
      visibility: 'group',
      sportId: ref.volei,
      stateId: ref.santaCatarina,
      cityId: ref.florianopolis,
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    // Someone who was told of the game and left, an aviso that reached nobody, and someone who only asked to join: none
    // keeps the turma alive.
    const former = await createSignedInUser(t.app);
    const token = new URL((await api('GET', `/groups/${group.slug}`, owner.headers)).json().inviteUrl as string).searchParams.get(
      'convite',
    );
    expect((await api('POST', `/groups/${group.id}/members`, former.headers, { token })).json().status).toBe('member');
    const later = await api(
      'POST',
      '/user-games',
      owner.headers,
      turmaGamePayload(ref, { name: 'Outro racha', groupId: group.id, visibility: 'group' }),
    );
    expect(later.statusCode, later.body).toBe(201);
    expect((await api('DELETE', `/groups/${group.id}/members/me`, former.headers)).statusCode).toBe(200);
    expect((await api('POST', `/groups/${group.id}/messages`, owner.headers, { text: 'Alguém aí?' })).statusCode).toBe(201);
    expect((await api('POST', `/groups/${group.id}/members`, requester.headers)).json().status).toBe('requested');

    const deleted = await deleteAccount(owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
    expect(await membersOf(group.id)).toEqual([]);
    expect((await api('GET', `/groups/${group.slug}`, requester.headers)).statusCode).toBe(404);
    expect(await db().select().from(gameMessages).where(eq(gameMessages.groupId, group.id))).toEqual([]);
    const [told] = await db().select().from(notifications).where(eq(notifications.userId, former.user.id));
    expect([told!.type, told!.groupId]).toEqual(['group_game', null]);
    const [gameRow] = await db()
      .select()
      .from(games)
      .where(eq(games.id, game.json().game.id as number));
    expect([gameRow!.groupId, gameRow!.visibility, gameRow!.status]).toEqual([null, 'private', 'cancelled']);
    const [seriesRow] = await db()
      .select()
      .from(series)
      .where(eq(series.id, weekly.json().series.id as number));
    expect([seriesRow!.groupId, seriesRow!.template.visibility, seriesRow!.status]).toEqual([null, 'private', 'cancelled']);
    const seriesGames = await db().select().from(games).where(eq(games.seriesId, seriesRow!.id));
    expect(seriesGames.length).toBeGreaterThan(0);
    expect(seriesGames.every((row) => row.groupId === null && row.visibility === 'private')).toBe(true);
  });

  it('takes a member or an organiser out of every turma they were in', async () => {
    const owner = await createSignedInUser(t.app);
    const organiser = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    const group = await turmaOf(owner, 'Vôlei do Campeche', [organiser, member]);
    expect((await api('PUT', `/groups/${group.id}/members/${organiser.user.id}`, owner.headers, { role: 'organiser' })).statusCode).toBe(
      200,
    );
    for (const leaving of [organiser, member]) expect((await deleteAccount(leaving)).statusCode).toBe(200);
    expect(await membersOf(group.id)).toEqual([{ userId: owner.user.id, role: 'owner' }]);
  });

  it('never warns, so never erases, an unused owner of a turma with others in it', async () => {
    const unused = new Date(TEST_NOW.getTime() - 2 * 365 * DAY_MS + 29 * DAY_MS);
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    const alone = await createSignedInUser(t.app);
    await turmaOf(owner, 'Vôlei de quem sumiu', [member]);
    await turmaOf(alone, 'Vôlei de uma pessoa');
    await db().update(users).set({ lastActiveAt: TEST_NOW, inactivityWarnedAt: null }).where(isNull(users.deletedAt));
    for (const person of [owner, alone]) await db().update(users).set({ lastActiveAt: unused }).where(eq(users.id, person.user.id));
    await runRetention(t.app.ctx);
    const warned = async (person: Person) => (await db().select().from(users).where(eq(users.id, person.user.id)))[0]!.inactivityWarnedAt;
    expect(await warned(owner)).toBeNull();
    expect(await warned(alone)).toEqual(TEST_NOW);
  });
});
