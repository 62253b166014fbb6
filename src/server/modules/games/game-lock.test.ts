import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../../../test-support/server/factories';
import { setUpRacingApp } from '../../../../test-support/server/over-http';
import { isPostgres, raced } from '../../../../test-support/server/test-app';
import { notify } from '../../core/notifications/notify';

/**
 * The game's lock (decision 051) against a transaction that only names the game: a reminder run writes a notification
 * per player, each one holding the game's KEY SHARE lock (its foreign key) until the run commits. Applying and
 * cancelling lock the game FOR NO KEY UPDATE, which that lock does not hold up.
 */
const t = setUpRacingApp();
const db = () => t.app.ctx.db;

/** Rejects as soon as a backend of this database waits for a lock; resolves once `done` aborts. */
async function lockWaitSeen(done: AbortSignal): Promise<never> {
  while (!done.aborted) {
    const { rows } = (await db().execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if (rows[0]!.waiting > 0) throw new Error('um pedido esperou pela trava de uma transação que só cita o jogo');
    await sleep(20);
  }
  // The request it raced has answered: nothing left to decide.
  return new Promise<never>(() => {});
}

async function withoutLockWait<T>(request: Promise<T>): Promise<T> {
  const done = new AbortController();
  try {
    return await Promise.race([request, lockWaitSeen(done.signal)]);
  } finally {
    done.abort();
  }
}

describe.runIf(isPostgres)(raced('a game named by a transaction still open'), () => {
  it('takes an apply by credits and a cancel without waiting for the transaction to end', async () => {
    const game = await createGame(db(), { priceCents: 1000, totalSlots: 5 });
    const player = await t.signedIn(5000);
    await db().transaction(async (tx) => {
      await notify(tx, player.user.id, 'game_reminder', 'Lembrete: o jogo é amanhã.', game.id);
      const applied = await withoutLockWait(t.post(`/api/games/${game.id}/apply`, player.authorization, { paymentType: 'credit' }));
      expect([applied.status, applied.body.registrationType]).toEqual([200, 'confirmed']);
      const cancelled = await withoutLockWait(t.post(`/api/games/${game.id}/cancel`, player.authorization));
      expect(cancelled.status).toBe(200);
    });
  });
});
