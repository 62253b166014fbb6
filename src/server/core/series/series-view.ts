import { and, count, eq, isNull } from 'drizzle-orm';
import { dateAndTimeIn } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import type { Series } from '../../../shared/schemas/series';
import type { Queryable } from '../../db/open-database';
import { games, seriesMembers } from '../../db/schema';
import { timeZoneOfState } from '../games/time-zone';
import type { SeriesRow } from './member-places';

const weekday = (date: Date, timeZone: string) => new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long' }).format(date);

/**
 * The series as the API shows it: what its games are made of (its template), its weeks and its member places. It
 * needs no game: a series planned more than five weeks ahead has none yet, and shows its first date.
 */
export async function toSeriesView(q: Queryable, row: SeriesRow, viewerId: number): Promise<Series> {
  // One after the other: inside a transaction the queries share one connection.
  const [members] = await q
    .select({ value: count() })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), isNull(seriesMembers.leftAt)));
  const [created] = await q.select({ value: count() }).from(games).where(eq(games.seriesId, row.id));
  const [own] = await q
    .select({ id: seriesMembers.id })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, row.id), eq(seriesMembers.userId, viewerId), isNull(seriesMembers.leftAt)));
  const memberCount = members?.value ?? 0;
  const { template } = row;
  const timeZone = await timeZoneOfState(q, template.stateId);
  return {
    id: row.id,
    name: template.name,
    location: template.location,
    address: template.address,
    price: toReais(template.priceCents),
    totalSlots: template.totalSlots,
    memberSlots: row.memberSlots,
    members: memberCount,
    memberPlacesLeft: Math.max(row.memberSlots - memberCount, 0),
    occurrences: row.occurrences,
    gamesCreated: created?.value ?? 0,
    firstDateTime: row.firstDateTime.toISOString(),
    weekday: weekday(row.firstDateTime, timeZone),
    time: dateAndTimeIn(row.firstDateTime, timeZone).time,
    timeZone,
    visibility: template.visibility,
    usePlatformPayment: template.usePlatformPayment,
    status: row.status,
    cancelReason: row.cancelReason,
    isMember: own !== undefined,
    description: template.description,
    sportId: template.sportId,
    stateId: template.stateId,
    cityId: template.cityId,
    groupId: row.groupId,
  };
}
