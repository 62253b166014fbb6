import { asc, eq } from 'drizzle-orm';
import type { WalkIn } from '../../../shared/schemas/user-games';
import type { Queryable } from '../../db/open-database';
import { gameWalkIns } from '../../db/schema';

/** The game's walk-ins (decision 047), in the order the organiser added them, with their game-day marks. */
export async function listWalkIns(q: Queryable, gameId: number): Promise<WalkIn[]> {
  const rows = await q
    .select({
      id: gameWalkIns.id,
      name: gameWalkIns.name,
      createdAt: gameWalkIns.createdAt,
      present: gameWalkIns.present,
      level: gameWalkIns.level,
    })
    .from(gameWalkIns)
    .where(eq(gameWalkIns.gameId, gameId))
    .orderBy(asc(gameWalkIns.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
