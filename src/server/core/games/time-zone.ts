import { eq } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/dates';
import type { Queryable } from '../../db/open-database';
import { states } from '../../db/schema';

/**
 * The zone a game in `stateId` happens in (São Paulo's without a state): what a date-time typed without a zone
 * means, and the zone of a series' weeks. A stored game carries it already (`games.time_zone`).
 */
export async function timeZoneOfState(q: Queryable, stateId: number | null | undefined): Promise<string> {
  if (typeof stateId !== 'number') return TIME_ZONE;
  const [state] = await q.select({ timeZone: states.timeZone }).from(states).where(eq(states.id, stateId));
  return state?.timeZone ?? TIME_ZONE;
}
