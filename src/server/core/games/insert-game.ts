import type { Tx } from '../../db/open-database';
import { games } from '../../db/schema';
import { generatePrivateLink } from './private-link';
import type { GameValues } from './resolve-game-payload';

/**
 * A new game from a checked payload, created by `creatorId` (an organiser, or the admin who made it): a draft unless
 * the payload says published, active, with a fresh private link. Creator, status and link are the server's.
 */
export async function insertGame(tx: Tx, values: GameValues & { groupId?: number | null }, creatorId: number): Promise<number> {
  const [created] = await tx
    .insert(games)
    .values({ ...values, state: values.state ?? 'draft', status: 'active', privateLink: generatePrivateLink(), creatorId })
    .returning({ id: games.id });
  return created!.id;
}
