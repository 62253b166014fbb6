import { eq, inArray } from 'drizzle-orm';
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGame, createRegistration, DAY_MS } from '../../../../test-support/server/factories';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced, TEST_NOW } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { pushSubscriptions, users } from '../../db/schema';

/**
 * What issue 39 refuses, sent at once from many accounts over real connections on PostgreSQL: names posing as others
 * (line breaks, direction controls) in profiles and PIX holder names, push endpoints reaching private networks through
 * IPv6, and players reading drawn teams while the organiser draws them again. Each refusal changes nothing; each reply a
 * player reads names people as "Quem vai" does, without levels.
 */
const t = setUpRacingApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
const db = () => t.app.ctx.db;

const deviceKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe.runIf(isPostgres)(raced('hostile input at once'), () => {
  it('twelve profiles and PIX keys with names posing as others, at once: every one a 400 naming the field, nothing stored', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => t.signedIn()));
    const names = ['Ana\r\nBcc: todos@bora.test', '\u202Eetnaf', 'Bia\u2066 Admin', 'Caio\u2028Souza', 'Davi\u200F', 'Eva\u061C'];
    const replies = await Promise.all(
      people.flatMap((person, index) => [
        t.send('PUT', '/api/users/me', person.authorization, { name: names[index % names.length] }),
        t.send('PUT', '/api/users/me/payout-key', person.authorization, {
          type: 'cpf',
          key: '529.982.247-25',
          holderName: names[(index + 1) % names.length],
        }),
      ]),
    );
    for (const [index, reply] of replies.entries()) {
      const field = index % 2 === 0 ? 'name' : 'holderName';
      expect([reply.status, reply.body.code, (reply.body.fields as Record<string, string>)[field]]).toEqual([
        400,
        'validation_failed',
        messages.nameUnsafeCharacters,
      ]);
    }
    const stored = await db()
      .select({ id: users.id, name: users.name, key: users.payoutKey })
      .from(users)
      .where(
        inArray(
          users.id,
          people.map((person) => person.user.id),
        ),
      );
    const byId = new Map(stored.map((row) => [row.id, [row.name, row.key]]));
    expect(people.map((person) => byId.get(person.user.id))).toEqual(people.map((person) => [person.user.name, null]));
  });

  it('push endpoints through IPv6 to private networks, at once from many devices: all refused, the public one stored once', async () => {
    const person = await t.signedIn();
    const refused = [
      'https://[::127.0.0.1]/p',
      'https://[::169.254.169.254]/p',
      'https://[::ffff:0:127.0.0.1]/p',
      'https://[64:ff9b::a00:1]/p',
    ];
    const good = 'https://[2606:4700::1111]/wpush/abc';
    const replies = await Promise.all(
      [...refused, ...refused, good, good].map((endpoint) =>
        t.post('/api/users/me/push-subscriptions', person.authorization, { endpoint, keys: deviceKeys() }),
      ),
    );
    expect(replies.slice(0, 8).map((reply) => [reply.status, reply.body.code])).toEqual(Array(8).fill([400, 'push_endpoint_refused']));
    expect(replies.slice(8).every((reply) => reply.status === 201)).toBe(true);
    const rows = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.user.id));
    expect(rows).toEqual([{ endpoint: good }]);
  });

  it('players reading the teams while the organiser draws them again: short names, no levels, no ids, every time', async () => {
    const organiser = await t.signedIn();
    t.clock.set(TEST_NOW);
    const game = await createGame(db(), { creatorId: organiser.user.id, dateTime: new Date(TEST_NOW.getTime() + DAY_MS), totalSlots: 10 });
    const players = [];
    for (const [index, surname] of ['Souza', 'Lima', 'Prado', 'Costa', 'Rocha', 'Dias'].entries()) {
      const player = await t.signedIn();
      await db()
        .update(users)
        .set({ name: `Jogador${index} ${surname}` })
        .where(eq(users.id, player.user.id));
      await createRegistration(db(), { gameId: game.id, userId: player.user.id, status: 'confirmed' });
      await t.send('PUT', `/api/user-games/${game.id}/players/${player.user.id}`, organiser.authorization, { level: (index % 5) + 1 });
      players.push(player);
    }
    expect((await t.post(`/api/user-games/${game.id}/teams`, organiser.authorization, { teamCount: 2 })).status).toBe(200);
    const replies = await Promise.all([
      ...players.map((player) => t.send('GET', `/api/games/${game.id}`, player.authorization)),
      t.post(`/api/user-games/${game.id}/teams`, organiser.authorization, { teamCount: 3 }),
      ...players.map((player) => t.send('GET', `/api/games/${game.id}`, player.authorization)),
    ]);
    const [redraw] = replies.splice(players.length, 1);
    expect(redraw!.status).toBe(200);
    const reads = replies;
    expect(reads.every((reply) => reply.status === 200 && Array.isArray(reply.body.teams))).toBe(true);
    for (const read of reads) {
      const teams = read.body.teams as { name: string; players: Record<string, unknown>[] }[];
      expect(teams.length === 2 || teams.length === 3).toBe(true);
      for (const team of teams) {
        for (const player of team.players) {
          // Only the short name and whether the player is a walk-in (none here): no id, no level.
          expect(Object.keys(player)).toEqual(['name', 'walkIn']);
          expect(player.name).toMatch(/^Jogador\d [A-Z]\.$/);
          expect(player.walkIn).toBe(false);
        }
      }
      expect(JSON.stringify(read.body)).not.toMatch(/Souza|Lima|Prado|Costa|Rocha|Dias|"level"/);
    }
  });
});
