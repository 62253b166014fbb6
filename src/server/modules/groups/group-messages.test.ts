import { eq } from 'drizzle-orm';
import { avisoNoticesOf, expectAvisoPreferences, mailsTo, pushesQueuedFor, subscribed } from '../../../../test-support/server/avisos';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGame, createSignedInUser, DAY_MS, referenceIds, turmaGamePayload } from '../../../../test-support/server/factories';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { type FakePushService, type FakeSubscription, startPushService } from '../../../../test-support/server/push-service';
import { TEST_NOW } from '../../../../test-support/server/test-app';
import { groupMessageTexts as texts } from '../../../shared/game-message-texts';
import { deliverDuePushes } from '../../core/notifications/push-delivery';
import { cities, gameMessages, groupMembers, groups, notifications, states } from '../../db/schema';

const t = setUpRacingApp({ env: { PUSH_ALLOW_LOOPBACK: 'on', PUBLIC_URL: 'http://localhost:3000' } });
const db = () => t.app.ctx.db;
type Headers = Record<string, string>;
type Person = Awaited<ReturnType<typeof createSignedInUser>>;
let ref: Awaited<ReturnType<typeof referenceIds>>;
let service: FakePushService;
beforeAll(async () => {
  ref = await referenceIds(db());
  service = await startPushService();
});
afterAll(() => service.close());
beforeEach(() => {
  t.clock.set(TEST_NOW);
  service.received.length = 0;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
const send = (groupId: number, headers: Headers, payload: unknown) => api('POST', `/groups/${groupId}/messages`, headers, payload);
const read = (groupId: number, headers: Headers) => api('GET', `/groups/${groupId}/messages`, headers);
const mute = (groupId: number, headers: Headers, muted: unknown) => api('PUT', `/groups/${groupId}/mute`, headers, { muted });

const PASSWORD = 'senha-forte-da-turma-1';
let turmas = 0;
/**
 * A turma of Olga Dona (owner) with Otávio Souza (organiser), Ana Lima and Bia Reis (members), Caio Dias who only
 * asked to join, and someone outside it.
 */
async function turma(overrides: Record<string, unknown> = {}) {
  const [owner, organiser, member, second, requester, outsider] = await Promise.all(
    ['Olga Dona', 'Otávio Souza', 'Ana Lima', 'Bia Reis', 'Caio Dias', 'Fora da Turma'].map((name) =>
      createSignedInUser(t.app, { name, password: PASSWORD }),
    ),
  );
  const created = await api('POST', '/groups', owner!.headers, {
    name: `Vôlei da Praia ${++turmas}`,
    cityId: ref.florianopolis,
    ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json().group as { id: number; slug: string; name: string };
  const page = await api('GET', `/groups/${group.slug}`, owner!.headers);
  const token = new URL(page.json().inviteUrl as string).searchParams.get('convite')!;
  for (const person of [organiser!, member!, second!]) {
    expect((await api('POST', `/groups/${group.id}/members`, person.headers, { token })).statusCode).toBe(200);
  }
  expect((await api('PUT', `/groups/${group.id}/members/${organiser!.user.id}`, owner!.headers, { role: 'organiser' })).statusCode).toBe(
    200,
  );
  await db().insert(groupMembers).values({ groupId: group.id, userId: requester!.user.id, status: 'requested' });
  return { group, owner: owner!, organiser: organiser!, member: member!, second: second!, requester: requester!, outsider: outsider! };
}

const noticesOf = (userId: number) =>
  db()
    .select({ type: notifications.type, message: notifications.message, groupId: notifications.groupId })
    .from(notifications)
    .where(eq(notifications.userId, userId));
const storedOf = (groupId: number) => db().select().from(gameMessages).where(eq(gameMessages.groupId, groupId));

/**
 * The texts of every push that reached a device, once none is left to deliver for its person (some go at once, after
 * the commit, in the background).
 */
async function pushesTo(person: Person, subscription: FakeSubscription): Promise<string[]> {
  await vi.waitFor(async () => {
    await deliverDuePushes(t.app.ctx);
    expect(await pushesQueuedFor(t.app, person.user.id)).toEqual([]);
  });
  return service.received.filter((push) => subscription.endpoint.endsWith(push.subscriptionId)).map((push) => push.message.body);
}

describe('POST /api/groups/{id}/messages', () => {
  it('sends every member but the sender an aviso naming them: stored, notified, e-mailed with a link to the turma', async () => {
    const { group, owner, organiser, member, second, requester, outsider } = await turma();
    const res = await send(group.id, owner.headers, { text: '  Churrasco no sábado depois do jogo.\nTragam a carne!  ' });
    expect(res.statusCode, res.body).toBe(201);
    const text = 'Churrasco no sábado depois do jogo.\nTragam a carne!';
    expect(res.json()).toEqual({
      message: 'Aviso enviado para 3 pessoas.',
      recipients: 3,
      sent: { id: expect.any(Number), text, sender: { id: owner.user.id, name: 'Olga Dona' }, createdAt: TEST_NOW.toISOString() },
    });
    for (const person of [organiser, member, second]) {
      expect(await noticesOf(person.user.id)).toContainEqual({
        type: 'group_message',
        message: `Aviso de Olga Dona: ${text}`,
        groupId: group.id,
      });
      const [mail] = await mailsTo(t.app, person.user.email);
      expect(mail).toMatchObject({ subject: `Novo aviso da turma ${group.name}` });
      expect(mail!.text).toContain(`Aviso de Olga Dona:\n\n${text}`);
      expect(mail!.text).toContain(`Veja a turma: http://localhost:3000/t/${group.slug}`);
      expect(mail!.html).toContain('Tragam a carne!');
      expect(mail!.html).toContain('Ver a turma');
    }
    for (const person of [owner, requester, outsider]) {
      expect(await avisoNoticesOf(t.app, person.user.id)).toEqual([]);
      expect(await mailsTo(t.app, person.user.email)).toEqual([]);
    }
    expect(await storedOf(group.id)).toEqual([
      expect.objectContaining({ gameId: null, audience: null, senderId: owner.user.id, text, createdAt: TEST_NOW }),
    ]);
  });

  it('lets an organiser send too, the owner among those told', async () => {
    const { group, owner, organiser } = await turma();
    const res = await send(group.id, organiser.headers, { text: 'Rede nova na quadra.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recipients).toBe(3);
    expect(await avisoNoticesOf(t.app, owner.user.id)).toEqual([{ message: 'Aviso de Otávio Souza: Rede nova na quadra.' }]);
  });

  it('refuses a member, someone who asked to join, an outsider and an administrator (403), a private turma’s outsider (404), no session (401)', async () => {
    const { group, member, requester, outsider, organiser } = await turma();
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    const member403 = await send(group.id, member.headers, { text: 'Oi' });
    expect(member403.statusCode).toBe(403);
    expect(member403.json()).toMatchObject({ code: 'group_role_forbidden', message: texts.onlyOrganisers });
    for (const person of [requester, outsider, admin]) expect((await send(group.id, person.headers, { text: 'Oi' })).statusCode).toBe(403);
    expect((await send(group.id, {}, { text: 'Oi' })).statusCode).toBe(401);
    expect((await send(999_999, organiser.headers, { text: 'Oi' })).statusCode).toBe(404);
    const closed = await turma({ visibility: 'private' });
    expect((await send(closed.group.id, outsider.headers, { text: 'Oi' })).statusCode).toBe(404);
    expect((await send(closed.group.id, closed.outsider.headers, { text: 'Oi' })).statusCode).toBe(404);
    expect((await send(closed.group.id, closed.member.headers, { text: 'Oi' })).statusCode).toBe(403);
    expect(await storedOf(group.id)).toEqual([]);
    expect(await storedOf(closed.group.id)).toEqual([]);
    expect(await noticesOf(organiser.user.id)).toEqual([]);
  });

  it('refuses a suspended turma with a 409, sending nothing', async () => {
    const { group, owner, member } = await turma();
    await db().update(groups).set({ suspendedAt: TEST_NOW, suspendReason: 'Spam' }).where(eq(groups.id, group.id));
    const res = await send(group.id, owner.headers, { text: 'Oi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('group_suspended');
    expect(await storedOf(group.id)).toEqual([]);
    expect(await avisoNoticesOf(t.app, member.user.id)).toEqual([]);
  });

  it('refuses an empty, blank, missing or too long text with a pt-BR message, changing nothing; 1 000 characters go', async () => {
    const { group, owner, member } = await turma();
    const cases: [unknown, string][] = [
      [{ text: '' }, texts.textRequired],
      [{ text: '  \n\t ' }, texts.textRequired],
      [{}, texts.textRequired],
      [{ text: 'a'.repeat(1001) }, texts.textTooLong],
      [{ text: 'a'.repeat(5000) }, texts.textTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await send(group.id, owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await storedOf(group.id)).toEqual([]);
    expect(await noticesOf(member.user.id)).toEqual([]);
    expect(await mailsTo(t.app, member.user.email)).toEqual([]);
    expect((await send(group.id, owner.headers, { text: 'a'.repeat(1000) })).statusCode).toBe(201);
  });

  it('allows 10 avisos in 24 hours per turma: the 11th is a 429 naming the limit; a game’s avisos count apart', async () => {
    const { group, owner, member } = await turma();
    for (let i = 1; i <= 10; i++) {
      t.clock.advance(60_000);
      expect((await send(group.id, owner.headers, { text: `Aviso ${i}` })).statusCode).toBe(201);
    }
    const refused = await send(group.id, owner.headers, { text: 'Aviso 11' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'message_daily_limit',
      message: 'Limite de 10 avisos por dia nesta turma atingido. Tente de novo amanhã.',
    });
    expect(await storedOf(group.id)).toHaveLength(10);
    expect(await avisoNoticesOf(t.app, member.user.id)).toHaveLength(10);
    // A game of the same owner has its own 10, and another turma too.
    const game = await createGame(db(), { creatorId: owner.user.id });
    expect((await api('POST', `/user-games/${game.id}/messages`, owner.headers, { text: 'Do jogo', audience: 'all' })).statusCode).toBe(
      201,
    );
    const other = await turma();
    expect((await send(other.group.id, other.owner.headers, { text: 'Outra turma' })).statusCode).toBe(201);
    t.clock.set(new Date(TEST_NOW.getTime() + DAY_MS + 60_000));
    expect((await send(group.id, owner.headers, { text: 'Aviso de amanhã' })).statusCode).toBe(201);
  });

  it('never lets parallel sends past the limit: with 8 sent, of 6 at once exactly 2 go', async () => {
    const { group, owner, organiser, member } = await turma();
    for (let i = 1; i <= 8; i++) expect((await send(group.id, owner.headers, { text: `Aviso ${i}` })).statusCode).toBe(201);
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.post(`/api/groups/${group.id}/messages`, (i % 2 ? organiser : owner).headers.authorization!, { text: `Ao mesmo tempo ${i}` }),
      ),
    );
    expect(racing.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(await storedOf(group.id)).toHaveLength(10);
    expect((await avisoNoticesOf(t.app, member.user.id)).length).toBe(10);
  });
});

describe('preferences, quiet hours and muting a turma', () => {
  it('follows each member’s choice for avisos: e-mails off sends none, pushes off queues none, the notification stays', async () => {
    const { group, owner, member, second } = await turma();
    await expectAvisoPreferences(t.app, service, {
      emailOff: member,
      pushOff: second,
      send: () => send(group.id, owner.headers, { text: 'Jogo adiado' }),
      push: ['Aviso da sua turma', 'Aviso de Olga Dona: Jogo adiado'],
    });
  });

  it('holds the push of an aviso sent at night until 07:00 on the clocks of the turma’s city', async () => {
    const [amazonas] = await db().select({ id: states.id }).from(states).where(eq(states.uf, 'AM'));
    const [manaus] = await db().insert(cities).values({ stateId: amazonas!.id, name: 'Manaus' }).returning({ id: cities.id });
    const { group, owner, member } = await turma({ cityId: manaus!.id });
    await subscribed(t.app, service, member);
    // 22:30 in Manaus (23:30 in São Paulo): held until 07:00 in Manaus, 11:00 UTC, not São Paulo's 10:00.
    t.clock.set(new Date('2026-11-21T02:30:00Z'));
    expect((await send(group.id, owner.headers, { text: 'Amanhã tem jogo' })).statusCode).toBe(201);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    const seven = new Date('2026-11-21T11:00:00Z');
    expect(await pushesQueuedFor(t.app, member.user.id)).toEqual([{ nextAttemptAt: seven }]);
    expect(await mailsTo(t.app, member.user.email)).toHaveLength(1);
    t.clock.set(seven);
    await deliverDuePushes(t.app.ctx);
    expect(service.received.map((push) => push.message.body)).toEqual(['Aviso de Olga Dona: Amanhã tem jogo']);
  });

  it('lets a member mute a turma: its avisos and new games stay in the app but come by no e-mail or push, until unmuted', async () => {
    const { group, owner, member, second } = await turma();
    const elsewhere = await turma();
    const token = new URL((await api('GET', `/groups/${elsewhere.group.slug}`, elsewhere.owner.headers)).json().inviteUrl).searchParams.get(
      'convite',
    );
    expect((await api('POST', `/groups/${elsewhere.group.id}/members`, member.headers, { token })).statusCode).toBe(200);
    const memberDevice = await subscribed(t.app, service, member);
    const secondDevice = await subscribed(t.app, service, second);

    const muted = await mute(group.id, member.headers, true);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ message: texts.muted, muted: true });
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().muted).toBe(true);
    expect((await api('GET', `/groups/${group.slug}`, second.headers)).json().muted).toBe(false);
    expect((await api('GET', `/groups/${elsewhere.group.slug}`, member.headers)).json().muted).toBe(false);

    expect((await send(group.id, owner.headers, { text: 'Quadra 3 hoje' })).statusCode).toBe(201);
    const game = await api('POST', '/user-games', owner.headers, turmaGamePayload(ref, { groupId: group.id }));
    expect(game.statusCode, game.body).toBe(201);
    expect((await send(elsewhere.group.id, elsewhere.owner.headers, { text: 'Da outra turma' })).statusCode).toBe(201);

    // In the app, all of it; by e-mail and push, only the other turma's aviso.
    expect((await noticesOf(member.user.id)).map((notice) => notice.type).sort()).toEqual(['group_game', 'group_message', 'group_message']);
    const mails = await mailsTo(t.app, member.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Novo aviso da turma ${elsewhere.group.name}`]);
    expect(await pushesTo(member, memberDevice)).toEqual(['Aviso de Olga Dona: Da outra turma']);
    // The member who did not mute gets the aviso and the new game every way.
    expect(await mailsTo(t.app, second.user.email)).toHaveLength(2);
    expect((await pushesTo(second, secondDevice)).sort()).toEqual([
      'Aviso de Olga Dona: Quadra 3 hoje',
      expect.stringMatching(/^Novo jogo na turma Vôlei da Praia \d+: Racha da turma/),
    ]);
    expect((await read(group.id, member.headers)).json().messages.map((m: { text: string }) => m.text)).toEqual(['Quadra 3 hoje']);

    const unmuted = await mute(group.id, member.headers, false);
    expect(unmuted.json()).toEqual({ message: texts.unmuted, muted: false });
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().muted).toBe(false);
    expect((await send(group.id, owner.headers, { text: 'Voltou' })).statusCode).toBe(201);
    expect(await mailsTo(t.app, member.user.email)).toHaveLength(2);
    expect(await pushesTo(member, memberDevice)).toEqual(['Aviso de Olga Dona: Da outra turma', 'Aviso de Olga Dona: Voltou']);
  });

  it('lets only members mute: 403 outside a public turma or to who only asked, 404 outside a private one, 401, 400', async () => {
    const { group, member, requester, outsider, owner } = await turma();
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    for (const person of [outsider, requester, admin]) {
      const res = await mute(group.id, person.headers, true);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(texts.onlyMembersMute);
    }
    expect((await mute(group.id, {}, true)).statusCode).toBe(401);
    const bad = await mute(group.id, member.headers, 'sim');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(texts.mutedInvalid);
    expect((await api('GET', `/groups/${group.slug}`, member.headers)).json().muted).toBe(false);
    const closed = await turma({ visibility: 'private' });
    expect((await mute(closed.group.id, outsider.headers, true)).statusCode).toBe(404);
    // The owner is a member too.
    expect((await mute(group.id, owner.headers, true)).json().muted).toBe(true);
  });
});

describe('where a turma’s notices lead', () => {
  const listed = async (person: Person) => {
    const res = await api('GET', '/notifications', person.headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { type: string; gameId: number | null; link: string | null }[]).map(({ type, gameId, link }) => ({
      type,
      gameId,
      link,
    }));
  };
  /** Each push delivered to `subscription`: its text and what it opens. */
  async function pushedUrls(person: Person, subscription: FakeSubscription): Promise<[string, string][]> {
    await vi.waitFor(async () => {
      await deliverDuePushes(t.app.ctx);
      expect(await pushesQueuedFor(t.app, person.user.id)).toEqual([]);
    });
    const mine = service.received.filter((push) => subscription.endpoint.endsWith(push.subscriptionId));
    return mine.map((push): [string, string] => [push.message.body, push.message.url]).sort();
  }

  it('leads an aviso of the turma to the turma’s page, in the list and in the push, and its new game to the game', async () => {
    const { group, owner, member } = await turma();
    const device = await subscribed(t.app, service, member);
    expect((await send(group.id, owner.headers, { text: 'Churrasco sábado' })).statusCode).toBe(201);
    const game = await api('POST', '/user-games', owner.headers, turmaGamePayload(ref, { groupId: group.id }));
    expect(game.statusCode, game.body).toBe(201);
    const gameId = game.json().game.id as number;

    expect(await listed(member)).toEqual([
      { type: 'group_game', gameId, link: `/apply/${gameId}` },
      { type: 'group_message', gameId: null, link: `/t/${group.slug}` },
    ]);
    expect(await pushedUrls(member, device)).toEqual([
      ['Aviso de Olga Dona: Churrasco sábado', `/t/${group.slug}`],
      [expect.stringMatching(/^Novo jogo na turma /), `/apply/${gameId}`],
    ]);
  });

  it('leads an aviso nowhere once its turma is gone with its owner: the list and the push still come, with no link', async () => {
    const { group, owner, organiser, member, second } = await turma();
    const device = await subscribed(t.app, service, member);
    // 23:30 in Florianópolis: the push waits for the morning.
    t.clock.set(new Date('2026-11-21T02:30:00Z'));
    expect((await send(group.id, owner.headers, { text: 'Última rodada' })).statusCode).toBe(201);
    await deliverDuePushes(t.app.ctx);
    expect(service.received).toEqual([]);
    for (const person of [organiser, member, second]) {
      expect((await api('DELETE', `/groups/${group.id}/members/me`, person.headers)).statusCode).toBe(200);
    }
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: owner.headers, payload: { password: PASSWORD } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await db().select().from(groups).where(eq(groups.id, group.id))).toEqual([]);

    expect(await listed(member)).toEqual([{ type: 'group_message', gameId: null, link: null }]);
    t.clock.set(new Date('2026-11-21T10:00:00Z'));
    expect(await pushedUrls(member, device)).toEqual([['Aviso de Conta excluída: Última rodada', '/notifications']]);
  });
});

describe('GET /api/groups/{id}/messages', () => {
  it('shows the avisos, newest first, to members of every role and to administrators', async () => {
    const { group, owner, organiser, member } = await turma();
    const admin = await createSignedInUser(t.app, { role: 'admin' });
    await send(group.id, owner.headers, { text: 'Primeiro' });
    t.clock.advance(60_000);
    await send(group.id, organiser.headers, { text: 'Segundo' });
    for (const reader of [member, organiser, owner, admin]) {
      const res = await read(group.id, reader.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().messages.map((m: { text: string; sender: { name: string } }) => [m.text, m.sender.name])).toEqual([
        ['Segundo', 'Otávio Souza'],
        ['Primeiro', 'Olga Dona'],
      ]);
    }
  });

  it('is a 403 outside a public turma (and to who only asked), a 404 outside a private one, a 401 without a session', async () => {
    const { group, owner, requester, outsider } = await turma();
    await send(group.id, owner.headers, { text: 'Só para a turma' });
    for (const person of [outsider, requester]) {
      const res = await read(group.id, person.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(texts.onlyMembers);
    }
    expect((await read(group.id, {})).statusCode).toBe(401);
    const closed = await turma({ visibility: 'private' });
    expect((await read(closed.group.id, outsider.headers)).statusCode).toBe(404);
    expect((await read(999_999, outsider.headers)).statusCode).toBe(404);
  });

  it('names an erased sender as "Conta excluída" in the avisos, the notices and the e-mails kept for the members', async () => {
    const { group, organiser, member } = await turma();
    expect((await send(group.id, organiser.headers, { text: 'Valeu, Otávio Souza agradece' })).statusCode).toBe(201);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: organiser.headers,
      payload: { password: PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await read(group.id, member.headers)).json().messages[0]).toMatchObject({
      text: 'Valeu, Otávio Souza agradece',
      sender: { name: 'Conta excluída' },
    });
    expect(await avisoNoticesOf(t.app, member.user.id)).toEqual([{ message: 'Aviso de Conta excluída: Valeu, Otávio Souza agradece' }]);
    const [mail] = await mailsTo(t.app, member.user.email);
    expect(mail!.text).toContain('\nAviso de Conta excluída:\n');
    expect(mail!.html).toContain('<p>Aviso de Conta excluída:</p>');
    expect(mail!.html).not.toContain('Aviso de Otávio Souza');
  });
});
