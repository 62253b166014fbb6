import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCredits, createSignedInUser, referenceIds, turmaGamePayload } from '../../../../test-support/server/factories';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { emailOutbox, games, groupMembers, groups, notifications } from '../../db/schema';

const t = setUpTestApp();
let ref: Awaited<ReturnType<typeof referenceIds>>;
beforeAll(async () => {
  ref = await referenceIds(t.app.ctx.db);
});

const db = () => t.app.ctx.db;
type Headers = { authorization: string };
type Person = Awaited<ReturnType<typeof createSignedInUser>>;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, body?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createGroup(owner: Person, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/groups', owner.headers, {
    name: 'Vôlei da Praia',
    description: 'Quintas à noite na Joaquina.',
    cityId: ref.florianopolis,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().group as { id: number; slug: string; name: string };
}

/** A turma with an owner, an organiser and a member (Ana Souza). */
async function cast(overrides: Record<string, unknown> = {}) {
  const owner = await createSignedInUser(t.app, { name: 'Olga Dona' });
  const organiser = await createSignedInUser(t.app, { name: 'Otávio Organiza' });
  const member = await createSignedInUser(t.app, { name: 'Ana Souza' });
  const outsider = await createSignedInUser(t.app, { name: 'Fora da Turma' });
  const group = await createGroup(owner, overrides);
  const token = await inviteToken(owner, group.slug);
  expect((await api('POST', `/groups/${group.id}/members`, organiser.headers, { token })).json().status).toBe('member');
  expect((await api('POST', `/groups/${group.id}/members`, member.headers, { token })).json().status).toBe('member');
  const promoted = await api('PUT', `/groups/${group.id}/members/${organiser.user.id}`, owner.headers, { role: 'organiser' });
  expect(promoted.statusCode, promoted.body).toBe(200);
  return { owner, organiser, member, outsider, group, token };
}

async function inviteToken(runner: Person, slug: string): Promise<string> {
  const page = await api('GET', `/groups/${slug}`, runner.headers);
  return new URL(page.json().inviteUrl as string).searchParams.get('convite')!;
}

const gamePayload = (overrides: Record<string, unknown> = {}) => turmaGamePayload(ref, overrides);

const membersOf = (groupId: number) =>
  db().select().from(groupMembers).where(eq(groupMembers.groupId, groupId)).orderBy(asc(groupMembers.id));

describe('POST /groups', () => {
  it('makes the creator the owner and a slug from the name, accents stripped, with a number when taken', async () => {
    const owner = await createSignedInUser(t.app);
    const first = await createGroup(owner, { name: 'Vôlei São João' });
    const second = await createGroup(owner, { name: 'Volei Sao Joao!' });
    const third = await createGroup(owner, { name: 'VÔLEI  são joão' });
    expect([first.slug, second.slug, third.slug]).toEqual(['volei-sao-joao', 'volei-sao-joao-2', 'volei-sao-joao-3']);
    expect((await membersOf(first.id)).map((row) => [row.userId, row.role, row.status])).toEqual([[owner.user.id, 'owner', 'member']]);
  });

  it('refuses an empty name, an unknown city and a visibility that does not exist in Portuguese, creating nothing', async () => {
    const owner = await createSignedInUser(t.app);
    const before = (await db().select().from(groups)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ', cityId: ref.florianopolis }, 'name', 'Dê um nome à turma.'],
      [{ name: 'Turma boa', cityId: 999_999 }, 'cityId', 'Cidade não encontrada: escolha uma cidade da lista.'],
      [{ name: 'Turma boa', cityId: ref.florianopolis, visibility: 'secreta' }, 'visibility', 'Escolha se a turma é pública ou privada.'],
      [{ name: '!!!', cityId: ref.florianopolis }, 'name', 'O nome da turma precisa de letras ou números.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/groups', owner.headers, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect((await db().select().from(groups)).length).toBe(before);
  });

  it('takes an address chosen for the page; one another turma has is a 409 naming it, one badly written a 400, creating nothing', async () => {
    const owner = await createSignedInUser(t.app);
    const chosen = await createGroup(owner, { name: 'Vôlei da Lagoa', slug: 'lagoa-quintas' });
    expect(chosen.slug).toBe('lagoa-quintas');
    // A name whose own slug another turma chose gets the next number, as any name already used.
    expect((await createGroup(owner, { name: 'Lagoa quintas' })).slug).toBe('lagoa-quintas-2');
    const before = (await db().select().from(groups)).length;
    const taken = await api('POST', '/groups', owner.headers, { name: 'Outra turma', cityId: ref.florianopolis, slug: 'lagoa-quintas' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'group_slug_taken',
      message: 'O endereço /t/lagoa-quintas já é de outra turma: escolha outro.',
    });
    const cases: [unknown, string][] = [
      ['Lagoa Quintas', messages.groups.slugInvalid],
      ['lagoa--quintas', messages.groups.slugInvalid],
      ['-lagoa', messages.groups.slugInvalid],
      ['vôlei', messages.groups.slugInvalid],
      ['ab', messages.groups.slugTooShort],
      ['a'.repeat(61), messages.groups.slugTooLong],
      [42, messages.groups.slugInvalid],
    ];
    for (const [slug, message] of cases) {
      const res = await api('POST', '/groups', owner.headers, { name: 'Outra turma', cityId: ref.florianopolis, slug });
      expect(res.statusCode, JSON.stringify(slug)).toBe(400);
      expect(res.json().fields.slug).toBe(message);
    }
    expect((await db().select().from(groups)).length).toBe(before);
  });

  it('gives one of two turmas asking for the same address at once the address, the other a 409', async () => {
    const owner = await createSignedInUser(t.app);
    const replies = await Promise.all(
      ['Primeira', 'Segunda'].map((name) =>
        api('POST', '/groups', owner.headers, { name, cityId: ref.florianopolis, slug: 'mesmo-endereco' }),
      ),
    );
    expect(replies.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(groups).where(eq(groups.slug, 'mesmo-endereco'))).toHaveLength(1);
  });

  it('is for signed-in people only', async () => {
    expect((await api('POST', '/groups', undefined, { name: 'Turma', cityId: ref.florianopolis })).statusCode).toBe(401);
  });
});

describe('PUT /groups/{id}', () => {
  const settings = (overrides: Record<string, unknown> = {}) => ({
    name: 'Vôlei da Praia Mole',
    description: 'Sábados de manhã.',
    cityId: ref.florianopolis,
    visibility: 'private',
    joinPolicy: 'approval',
    ...overrides,
  });

  it('lets the owner and an organiser change the settings; the address stays, and the page shows the change', async () => {
    const { group, owner, organiser, member } = await cast();
    const byOrganiser = await api('PUT', `/groups/${group.id}`, organiser.headers, settings());
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(200);
    expect(byOrganiser.json()).toMatchObject({
      message: 'Turma atualizada.',
      group: {
        slug: group.slug,
        name: 'Vôlei da Praia Mole',
        description: 'Sábados de manhã.',
        visibility: 'private',
        joinPolicy: 'approval',
      },
    });
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().group.name).toBe('Vôlei da Praia Mole');
    // Private now: outsiders no longer see it.
    expect((await api('GET', `/groups/${group.slug}`)).statusCode).toBe(404);
    const byOwner = await api('PUT', `/groups/${group.id}`, owner.headers, settings({ visibility: 'public', joinPolicy: 'open' }));
    expect(byOwner.json().group).toMatchObject({ visibility: 'public', joinPolicy: 'open' });
  });

  it('refuses a member (403), someone outside a private turma (404), no session (401) and a suspended turma (409), changing nothing', async () => {
    const { group, owner, member, outsider } = await cast({ visibility: 'private' });
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const asMember = await api('PUT', `/groups/${group.id}`, member.headers, settings());
    expect([asMember.statusCode, asMember.json().code]).toEqual([403, 'group_role_forbidden']);
    expect((await api('PUT', `/groups/${group.id}`, outsider.headers, settings())).statusCode).toBe(404);
    expect((await api('PUT', `/groups/${group.id}`, undefined, settings())).statusCode).toBe(401);
    expect((await api('PUT', '/groups/999999', member.headers, settings())).statusCode).toBe(404);
    expect((await api('POST', `/admin/groups/${group.id}/suspend`, admin.headers, { reason: 'Golpe' })).statusCode).toBe(200);
    const suspended = await api('PUT', `/groups/${group.id}`, owner.headers, settings());
    expect([suspended.statusCode, suspended.json().code]).toEqual([409, 'group_suspended']);
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect(row!.name).toBe('Vôlei da Praia');
  });

  it('refuses bad settings with a pt-BR message per field, changing nothing', async () => {
    const { group, owner } = await cast();
    const cases: [Record<string, unknown>, string, string][] = [
      [settings({ name: ' ' }), 'name', messages.groups.nameRequired],
      [settings({ cityId: 999_999 }), 'cityId', messages.groups.cityInvalid],
      [settings({ joinPolicy: 'convite' }), 'joinPolicy', messages.groups.joinPolicyInvalid],
      [settings({ description: 'x'.repeat(2_001) }), 'description', messages.groups.descriptionTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('PUT', `/groups/${group.id}`, owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    // The address is not a setting.
    expect((await api('PUT', `/groups/${group.id}`, owner.headers, settings({ slug: 'outro' }))).statusCode).toBe(400);
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect([row!.name, row!.slug]).toEqual(['Vôlei da Praia', group.slug]);
  });
});

describe('GET /groups/{slug} and the lists', () => {
  it('shows a public turma to a visitor, without the join link, and gives organisers the link', async () => {
    const { group, owner, organiser, member } = await cast();
    const visitor = await api('GET', `/groups/${group.slug}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ myRole: null, inviteUrl: null, group: { name: 'Vôlei da Praia', memberCount: 3 } });
    expect(visitor.json().group.organisers.map((o: { name: string }) => o.name)).toEqual(['Olga D.', 'Otávio O.']);
    expect((await api('GET', `/groups/${group.slug}`, owner.headers)).json().myRole).toBe('owner');
    expect((await api('GET', `/groups/${group.slug}`, organiser.headers)).json().inviteUrl).toMatch(`/t/${group.slug}?convite=`);
    const asMember = (await api('GET', `/groups/${group.slug}`, member.headers)).json();
    expect([asMember.myRole, asMember.inviteUrl]).toEqual(['member', null]);
  });

  it('answers 404 for a private turma to anyone outside it, and 200 to its members', async () => {
    const { group, member, outsider, token } = await cast({ visibility: 'private' });
    expect((await api('GET', `/groups/${group.slug}`)).statusCode).toBe(404);
    // The join link opens its page to whoever holds it, without the link itself.
    const byLink = await api('GET', `/groups/${group.slug}?convite=${token}`);
    expect([byLink.statusCode, byLink.json().inviteUrl]).toEqual([200, null]);
    expect((await api('GET', `/groups/${group.slug}?convite=outro`)).statusCode).toBe(404);
    const outside = await api('GET', `/groups/${group.slug}`, outsider.headers);
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'group_not_found']);
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).statusCode).toBe(200);
    expect((await api('GET', '/groups?search=Praia', outsider.headers)).json().map((g: { id: number }) => g.id)).not.toContain(group.id);
  });

  it('lists public turmas by city and name, and "Minhas turmas" with the role in each', async () => {
    const owner = await createSignedInUser(t.app);
    const inJoinville = await createGroup(owner, { name: 'Areia de Joinville', cityId: ref.joinville });
    await createGroup(owner, { name: 'Areia escondida', cityId: ref.joinville, visibility: 'private' });
    const listed = await api('GET', `/groups?cityId=${ref.joinville}&search=areia`);
    expect(listed.json().map((g: { id: number }) => g.id)).toEqual([inJoinville.id]);
    const mine = await api('GET', '/users/me/groups', owner.headers);
    expect(mine.json().map((g: { group: { name: string }; myRole: string }) => [g.group.name, g.myRole])).toEqual([
      ['Areia escondida', 'owner'],
      ['Areia de Joinville', 'owner'],
    ]);
  });
});

describe('members', () => {
  it('joins an open turma at once and asks to join one with approval, which an organiser approves', async () => {
    const { group: open } = await cast();
    const newcomer = await createSignedInUser(t.app);
    const joined = await api('POST', `/groups/${open.id}/members`, newcomer.headers);
    expect([joined.statusCode, joined.json().status]).toEqual([200, 'member']);
    expect((await api('POST', `/groups/${open.id}/members`, newcomer.headers)).json().code).toBe('already_group_member');

    const { group, organiser, member } = await cast({ joinPolicy: 'approval' });
    const asked = await api('POST', `/groups/${group.id}/members`, newcomer.headers);
    expect([asked.statusCode, asked.json().status]).toEqual([200, 'requested']);
    expect((await api('GET', `/groups/${group.slug}`, newcomer.headers)).json().myRole).toBe('requested');
    // A member cannot let anyone in.
    const byMember = await api('POST', `/groups/${group.id}/members/${newcomer.user.id}/approve`, member.headers);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'group_role_forbidden']);
    const approved = await api('POST', `/groups/${group.id}/members/${newcomer.user.id}/approve`, organiser.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await api('GET', `/groups/${group.slug}`, newcomer.headers)).json().myRole).toBe('member');
  });

  it('lets an organiser refuse a request', async () => {
    const { group, organiser } = await cast({ joinPolicy: 'approval' });
    const newcomer = await createSignedInUser(t.app);
    await api('POST', `/groups/${group.id}/members`, newcomer.headers);
    const refused = await api('DELETE', `/groups/${group.id}/members/${newcomer.user.id}`, organiser.headers);
    expect([refused.statusCode, refused.json().message]).toEqual([200, 'Pedido recusado.']);
    expect((await membersOf(group.id)).map((row) => row.userId)).not.toContain(newcomer.user.id);
  });

  it('lets the link in to a private turma; a renewed link kills the old one', async () => {
    const { group, organiser, token } = await cast({ visibility: 'private', joinPolicy: 'approval' });
    const stranger = await createSignedInUser(t.app);
    expect((await api('POST', `/groups/${group.id}/members`, stranger.headers)).statusCode).toBe(404);
    const renewed = await api('POST', `/groups/${group.id}/invite-link`, organiser.headers);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = new URL(renewed.json().url as string).searchParams.get('convite')!;
    expect(fresh).not.toBe(token);
    const stale = await api('POST', `/groups/${group.id}/members`, stranger.headers, { token });
    expect([stale.statusCode, stale.json().code]).toEqual([400, 'group_invite_invalid']);
    const joined = await api('POST', `/groups/${group.id}/members`, stranger.headers, { token: fresh });
    expect([joined.statusCode, joined.json().status]).toEqual([200, 'member']);
  });

  it('gives organisers full names and the requests, members short names, and outsiders nothing', async () => {
    const { group, owner, member, outsider } = await cast({ joinPolicy: 'approval' });
    const asking = await createSignedInUser(t.app, { name: 'Bia Pede' });
    await api('POST', `/groups/${group.id}/members`, asking.headers);
    const full = (await api('GET', `/groups/${group.id}/members`, owner.headers)).json();
    expect(full.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Olga Dona', 'owner'],
      ['Otávio Organiza', 'organiser'],
      ['Ana Souza', 'member'],
    ]);
    expect(full.requests.map((m: { name: string }) => m.name)).toEqual(['Bia Pede']);
    const short = (await api('GET', `/groups/${group.id}/members`, member.headers)).json();
    expect(short.members.map((m: { name: string }) => m.name)).toEqual(['Olga D.', 'Otávio O.', 'Ana S.']);
    expect(short.requests).toEqual([]);
    expect((await api('GET', `/groups/${group.id}/members`, outsider.headers)).statusCode).toBe(403);
    expect((await api('GET', `/groups/${group.id}/members`, asking.headers)).statusCode).toBe(403);
    const { group: secret, outsider: other } = await cast({ visibility: 'private' });
    expect((await api('GET', `/groups/${secret.id}/members`, other.headers)).statusCode).toBe(404);
  });

  it('lets a member leave, but not the owner, and only the owner removes an organiser', async () => {
    const { group, owner, organiser, member } = await cast();
    const ownerLeaves = await api('DELETE', `/groups/${group.id}/members/me`, owner.headers);
    expect([ownerLeaves.statusCode, ownerLeaves.json().code]).toEqual([409, 'group_owner_stays']);
    expect((await api('DELETE', `/groups/${group.id}/members/${organiser.user.id}`, organiser.headers)).statusCode).toBe(403);
    expect((await api('DELETE', `/groups/${group.id}/members/${owner.user.id}`, organiser.headers)).statusCode).toBe(409);
    expect((await api('DELETE', `/groups/${group.id}/members/me`, member.headers)).statusCode).toBe(200);
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().myRole).toBeNull();
  });
});

describe('roles', () => {
  it('only the owner changes roles; a role that does not exist is refused and changes nothing', async () => {
    const { group, owner, organiser, member } = await cast();
    const byOrganiser = await api('PUT', `/groups/${group.id}/members/${member.user.id}`, organiser.headers, { role: 'organiser' });
    expect([byOrganiser.statusCode, byOrganiser.json().code]).toEqual([403, 'group_role_forbidden']);
    const invalid = await api('PUT', `/groups/${group.id}/members/${member.user.id}`, owner.headers, { role: 'capitão' });
    expect([invalid.statusCode, invalid.json().fields.role]).toEqual([400, 'Papel inválido: escolha dono, organizador ou membro.']);
    expect((await membersOf(group.id)).find((row) => row.userId === member.user.id)!.role).toBe('member');
  });

  it('hands the turma over: one owner, the former one an organiser', async () => {
    const { group, owner, member } = await cast();
    const handed = await api('PUT', `/groups/${group.id}/members/${member.user.id}`, owner.headers, { role: 'owner' });
    expect(handed.statusCode, handed.body).toBe(200);
    const roles = Object.fromEntries((await membersOf(group.id)).map((row) => [row.userId, row.role]));
    expect([roles[member.user.id], roles[owner.user.id]]).toEqual(['owner', 'organiser']);
    expect((await api('PUT', `/groups/${group.id}/members/${member.user.id}`, owner.headers, { role: 'member' })).statusCode).toBe(403);
  });
});

describe("a turma's games", () => {
  it('lets an organiser create one, paid to the owner, and run it; a member may not', async () => {
    const { group, owner, organiser, member } = await cast();
    const created = await api('POST', '/user-games', organiser.headers, gamePayload({ groupId: group.id }));
    expect(created.statusCode, created.body).toBe(201);
    const gameId = created.json().game.id as number;
    const [row] = await db().select().from(games).where(eq(games.id, gameId));
    expect([row!.creatorId, row!.groupId]).toEqual([owner.user.id, group.id]);
    // Everything the creator does on the game…
    expect((await api('GET', `/user-games/${gameId}`, organiser.headers)).statusCode).toBe(200);
    const edited = await api('PUT', `/user-games/${gameId}`, organiser.headers, gamePayload({ name: 'Racha mudado' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const walkIn = await api('POST', `/user-games/${gameId}/walk-ins`, organiser.headers, { name: 'Zé da Areia' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect((await api('GET', '/user-games?filter=all', organiser.headers)).json().map((g: { id: number }) => g.id)).toContain(gameId);
    // …never a member's, never with the money.
    expect((await api('GET', `/user-games/${gameId}`, member.headers)).statusCode).toBe(404);
    const byMember = await api('POST', '/user-games', member.headers, gamePayload({ groupId: group.id }));
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'group_role_forbidden']);
  });

  it("keeps the money with the owner: a paid place is the owner's earning, never the organiser's", async () => {
    const { group, owner, organiser, member } = await cast();
    const created = await api(
      'POST',
      '/user-games',
      organiser.headers,
      gamePayload({ groupId: group.id, price: 20, free: false, usePlatformPayment: true }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const gameId = created.json().game.id as number;
    await addCredits(db(), member.user.id, 2000);
    const applied = await api('POST', `/games/${gameId}/apply`, member.headers, { paymentType: 'credit' });
    expect(applied.statusCode, applied.body).toBe(200);
    const ownerEarnings = (await api('GET', '/user-games/earnings', owner.headers)).json();
    expect(ownerEarnings.games.map((g: { gameId: number }) => g.gameId)).toEqual([gameId]);
    const organiserEarnings = (await api('GET', '/user-games/earnings', organiser.headers)).json();
    expect([organiserEarnings.games, organiserEarnings.pending, organiserEarnings.available]).toEqual([[], 0, 0]);
  });

  it('takes away a removed organiser at once', async () => {
    const { group, owner, organiser } = await cast();
    const created = await api('POST', '/user-games', owner.headers, gamePayload({ groupId: group.id }));
    const gameId = created.json().game.id as number;
    expect((await api('GET', `/user-games/${gameId}`, organiser.headers)).statusCode).toBe(200);
    await api('PUT', `/groups/${group.id}/members/${organiser.user.id}`, owner.headers, { role: 'member' });
    expect((await api('GET', `/user-games/${gameId}`, organiser.headers)).statusCode).toBe(404);
    expect((await api('POST', `/user-games/${gameId}/cancel`, organiser.headers, { reason: 'Chuva' })).statusCode).toBe(404);
  });

  it('shows a group-only game to members only: 404 to others, out of the public lists', async () => {
    const { group, organiser, member, outsider } = await cast();
    const created = await api('POST', '/user-games', organiser.headers, gamePayload({ groupId: group.id, visibility: 'group' }));
    expect(created.statusCode, created.body).toBe(201);
    const { id: gameId, privateLink } = created.json().game as { id: number; privateLink: string };
    expect((await api('GET', `/games/${gameId}`)).statusCode).toBe(404);
    const seen = await api('GET', `/games/${gameId}`, outsider.headers);
    expect([seen.statusCode, seen.json().code]).toEqual([404, 'game_not_found']);
    expect((await api('GET', `/games/private/${privateLink}`, outsider.headers)).statusCode).toBe(404);
    expect((await api('POST', `/games/${gameId}/apply`, outsider.headers, { privateLink })).statusCode).toBe(404);
    expect((await api('GET', '/games')).json().map((g: { id: number }) => g.id)).not.toContain(gameId);
    expect((await api('GET', '/games', outsider.headers)).json().map((g: { id: number }) => g.id)).not.toContain(gameId);
    const asMember = await api('GET', `/games/${gameId}`, member.headers);
    expect([asMember.statusCode, asMember.json().group]).toEqual([200, { id: group.id, name: group.name, slug: group.slug }]);
    const applied = await api('POST', `/games/${gameId}/apply`, member.headers);
    expect(applied.statusCode, applied.body).toBe(200);
    const page = await api('GET', `/groups/${group.slug}`, member.headers);
    expect(page.json().upcomingGames.map((g: { id: number }) => g.id)).toEqual([gameId]);
    expect((await api('GET', `/groups/${group.slug}`)).json().upcomingGames).toEqual([]);
  });

  it('refuses a group-only game without a turma', async () => {
    const organiser = await createSignedInUser(t.app);
    const res = await api('POST', '/user-games', organiser.headers, gamePayload({ visibility: 'group' }));
    expect([res.statusCode, res.json().fields.visibility]).toEqual([400, expect.stringContaining('Escolha a turma')]);
  });

  it('tells the members of a new game, by e-mail as each one prefers', async () => {
    const { group, owner, organiser, member } = await cast();
    const quiet = await createSignedInUser(t.app);
    await api('POST', `/groups/${group.id}/members`, quiet.headers);
    const off = await api('PUT', '/users/me/notification-settings', quiet.headers, { groups: { email: false } });
    expect(off.statusCode, off.body).toBe(200);
    const created = await api('POST', '/user-games', organiser.headers, gamePayload({ groupId: group.id, visibility: 'group' }));
    const gameId = created.json().game.id as number;
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.gameId, gameId), eq(notifications.type, 'group_game')))
      .orderBy(asc(notifications.userId));
    expect(told.map((row) => row.userId).sort()).toEqual([owner.user.id, member.user.id, quiet.user.id].sort());
    const mailed = async (email: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).length;
    expect(await mailed(member.user.email)).toBe(1);
    expect(await mailed(quiet.user.email)).toBe(0);
    expect(await mailed(organiser.user.email)).toBe(0);
  });

  it('lets an organiser run the turma series, and the page lists it', async () => {
    const { group, owner, organiser, member, outsider } = await cast();
    const created = await api('POST', '/series', organiser.headers, {
      ...gamePayload({ dateTime: undefined, state: undefined }),
      firstDateTime: '2026-11-26T19:30',
      occurrences: 4,
      memberSlots: 2,
      groupId: group.id,
      visibility: 'group',
    });
    expect(created.statusCode, created.body).toBe(201);
    const seriesId = created.json().series.id as number;
    const [gameRow] = await db().select().from(games).where(eq(games.seriesId, seriesId)).limit(1);
    expect([gameRow!.creatorId, gameRow!.groupId, gameRow!.visibility]).toEqual([owner.user.id, group.id, 'group']);
    expect((await api('GET', `/series/${seriesId}`, organiser.headers)).statusCode).toBe(200);
    const edited = await api('PUT', `/series/${seriesId}`, organiser.headers, {
      ...gamePayload({ dateTime: undefined, state: undefined }),
      visibility: 'group',
      price: 5,
      free: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Only its members see a series for the turma.
    expect((await api('GET', `/series/${seriesId}/membership`, member.headers)).statusCode).toBe(200);
    expect((await api('GET', `/series/${seriesId}/membership`, outsider.headers)).statusCode).toBe(404);
    const page = await api('GET', `/groups/${group.slug}`, organiser.headers);
    expect(page.json().series.map((s: { id: number }) => s.id)).toEqual([seriesId]);
  });
});

describe('administrators', () => {
  it('list, open and suspend a turma: its page says so, nobody joins and no game is added', async () => {
    const { group, owner, outsider } = await cast({ visibility: 'private' });
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const listed = await api('GET', `/admin/groups?search=${group.slug}`, admin.headers);
    expect(listed.json().groups.map((g: { id: number; owner: { id: number } }) => [g.id, g.owner.id])).toContainEqual([
      group.id,
      owner.user.id,
    ]);
    const opened = await api('GET', `/admin/groups/${group.id}`, admin.headers);
    expect(opened.json().members.map((m: { name: string }) => m.name)).toContain('Ana Souza');
    expect((await api('POST', `/admin/groups/${group.id}/suspend`, owner.headers, { reason: 'Golpe' })).statusCode).toBe(403);
    const noReason = await api('POST', `/admin/groups/${group.id}/suspend`, admin.headers, { reason: ' ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Informe o motivo da suspensão.']);
    const suspended = await api('POST', `/admin/groups/${group.id}/suspend`, admin.headers, { reason: 'Denúncias de golpe' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await api('GET', `/groups/${group.slug}`, owner.headers)).json().group.suspended).toBe(true);
    const token = await inviteToken(owner, group.slug);
    expect((await api('POST', `/groups/${group.id}/members`, outsider.headers, { token })).json().code).toBe('group_suspended');
    expect((await api('POST', '/user-games', owner.headers, gamePayload({ groupId: group.id }))).json().code).toBe('group_suspended');
    expect((await api('POST', `/admin/groups/${group.id}/suspend`, admin.headers, { reason: 'De novo' })).statusCode).toBe(409);
  });

  it('lift a suspension: only an administrator, only of a suspended turma; people join and organisers add games again', async () => {
    const { group, owner, organiser, outsider, token } = await cast({ visibility: 'private' });
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const unsuspend = (id: number, headers?: Headers) => api('POST', `/admin/groups/${id}/unsuspend`, headers);

    const notSuspended = await unsuspend(group.id, admin.headers);
    expect([notSuspended.statusCode, notSuspended.json()]).toEqual([
      409,
      { code: 'group_not_suspended', message: 'Esta turma não está suspensa.' },
    ]);
    expect((await unsuspend(999_999, admin.headers)).json().code).toBe('group_not_found');
    expect((await unsuspend(999_999, admin.headers)).statusCode).toBe(404);

    const suspended = await api('POST', `/admin/groups/${group.id}/suspend`, admin.headers, { reason: 'Denúncias de golpe' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    for (const [headers, status, code] of [
      [undefined, 401, 'unauthenticated'],
      [owner.headers, 403, 'forbidden'],
      [organiser.headers, 403, 'forbidden'],
      [outsider.headers, 403, 'forbidden'],
    ] as const) {
      const refused = await unsuspend(group.id, headers);
      expect([refused.statusCode, refused.json().code]).toEqual([status, code]);
    }
    const [still] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect([still!.suspendedAt, still!.suspendReason]).toEqual([expect.any(Date), 'Denúncias de golpe']);

    const lifted = await unsuspend(group.id, admin.headers);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().message).toBe('Turma Vôlei da Praia reativada: as pessoas podem entrar e os organizadores criar jogos de novo.');
    expect(lifted.json().group).toMatchObject({ id: group.id, suspendedAt: null, suspendReason: null });
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect([row!.suspendedAt, row!.suspendReason]).toEqual([null, null]);
    expect((await api('GET', `/groups/${group.slug}`, owner.headers)).json().group.suspended).toBe(false);
    const joined = await api('POST', `/groups/${group.id}/members`, outsider.headers, { token });
    expect([joined.statusCode, joined.json().status]).toEqual([200, 'member']);
    const game = await api('POST', '/user-games', organiser.headers, gamePayload({ groupId: group.id }));
    expect(game.statusCode, game.body).toBe(201);
    expect((await unsuspend(group.id, admin.headers)).json().code).toBe('group_not_suspended');
  });
});
