import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createSignedInUser, DAY_MS } from '../../../../test-support/server/factories';
import { setUpTestApp, TEST_NOW } from '../../../../test-support/server/test-app';
import { emailOutbox, invitations } from '../../db/schema';

const t = setUpTestApp();

const emails = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${i}@convites.test`);

describe('invitation e-mails per organiser', () => {
  it('are at most 100 a day across all their games; the 101st is a 429 with a message, and nothing is sent', async () => {
    const { user, headers } = await createSignedInUser(t.app);
    const future = new Date(TEST_NOW.getTime() + 5 * DAY_MS);
    const [first, second] = await Promise.all([
      createGame(t.app.ctx.db, { creatorId: user.id, visibility: 'private', dateTime: future }),
      createGame(t.app.ctx.db, { creatorId: user.id, visibility: 'private', dateTime: future }),
    ]);
    const invite = (gameId: number, list: string[]) =>
      t.app.inject({ method: 'POST', url: `/api/user-games/${gameId}/invitations`, headers, payload: { emails: list } });

    expect((await invite(first!.id, emails('a', 50))).statusCode).toBe(200);
    expect((await invite(second!.id, emails('b', 40))).statusCode).toBe(200);

    const tooMany = await invite(second!.id, emails('c', 11));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({
      code: 'invite_daily_limit',
      message: 'Você pode enviar no máximo 100 convites por dia; hoje ainda cabem 10.',
    });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(invitations)
        .where(inArray(invitations.email, emails('c', 11))),
    ).toHaveLength(0);

    expect((await invite(second!.id, emails('c', 10))).statusCode).toBe(200);
    const full = await invite(first!.id, ['mais.um@convites.test']);
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe('Você chegou ao limite de 100 convites por dia. Tente novamente amanhã.');
    expect(await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'mais.um@convites.test'))).toHaveLength(0);

    // Asking again for someone already invited sends nothing, so it costs nothing.
    const again = await invite(first!.id, ['a.0@convites.test']);
    expect(again.statusCode).toBe(200);
  });
});
