import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Tx } from '../../db/open-database';
import { registrations } from '../../db/schema';
import { notify } from '../notifications/notify';
import { when } from './game-notices';
import type { GameRow } from './registration-guards';

/**
 * Puts the user at the end of the game's line (no charge), remembering the price in force so a
 * later promotion never charges more, and returns their 1-based position.
 */
export async function addToWaitlist(tx: Tx, game: GameRow, userId: number, now: Date): Promise<number> {
  await tx
    .insert(registrations)
    .values({ gameId: game.id, userId, status: 'waitlist', joinedAt: now, waitlistPriceCents: game.priceCents });
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'waitlist')));
  const position = row?.count ?? 1;
  await notify(tx, userId, 'waitlisted', messages.notice.waitlisted(game.name, when(game), position), game.id);
  return position;
}
