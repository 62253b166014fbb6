import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/dates';
import { groupPath } from '../../../shared/links';
import type { AdminGroup, Group } from '../../../shared/schemas/groups';
import type { Queryable } from '../../db/open-database';
import type { groups } from '../../db/schema';
import { cities, games, groupMembers, states, users } from '../../db/schema';
import { shortName } from '../games/game-players';
import { displayName } from '../users/display-name';

export type GroupRow = typeof groups.$inferSelect;

/** A turma's join link (decision 074): whoever opens it may join. */
export const inviteUrlOf = (publicUrl: string, group: Pick<GroupRow, 'slug' | 'inviteToken'>) =>
  `${publicUrl}${groupPath(group.slug)}?convite=${encodeURIComponent(group.inviteToken)}`;

/**
 * The turmas as the API shows them: city, member count and organisers (owner first, then organisers by when they
 * joined), named by first name and initial, as a page anyone may open names them. In the order of `rows`.
 */
export async function toGroupViews(q: Queryable, rows: GroupRow[]): Promise<Group[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const place = await q
    .select({ id: cities.id, name: cities.name, uf: states.uf, timeZone: states.timeZone })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(inArray(cities.id, [...new Set(rows.map((row) => row.cityId))]));
  const counts = await q
    .select({ groupId: groupMembers.groupId, count: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(and(inArray(groupMembers.groupId, ids), eq(groupMembers.status, 'member')))
    .groupBy(groupMembers.groupId);
  const runners = await q
    .select({ groupId: groupMembers.groupId, id: users.id, name: displayName, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, ids), eq(groupMembers.status, 'member'), inArray(groupMembers.role, ['owner', 'organiser'])))
    .orderBy(sql`${groupMembers.role} = 'owner' desc`, asc(groupMembers.joinedAt), asc(groupMembers.id));
  const cityOf = new Map(place.map((city) => [city.id, city]));
  const countOf = new Map(counts.map((row) => [row.groupId, row.count]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    city: cityOf.get(row.cityId) ?? { id: row.cityId, name: '', uf: '', timeZone: TIME_ZONE },
    visibility: row.visibility,
    joinPolicy: row.joinPolicy,
    memberCount: countOf.get(row.id) ?? 0,
    organisers: runners.filter((runner) => runner.groupId === row.id).map((runner) => ({ id: runner.id, name: shortName(runner.name) })),
    suspended: row.suspendedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function toGroupView(q: Queryable, row: GroupRow): Promise<Group> {
  return (await toGroupViews(q, [row]))[0]!;
}

/** A turma as the administration sees it: its owner with the e-mail, the suspension and how many games it has. */
export async function toAdminGroupViews(q: Queryable, rows: GroupRow[]): Promise<AdminGroup[]> {
  const views = await toGroupViews(q, rows);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const owners = await q
    .select({ groupId: groupMembers.groupId, id: users.id, name: users.name, email: users.email })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(inArray(groupMembers.groupId, ids), eq(groupMembers.role, 'owner')));
  const gameCounts = await q
    .select({ groupId: games.groupId, count: sql<number>`count(*)::int` })
    .from(games)
    .where(inArray(games.groupId, ids))
    .groupBy(games.groupId);
  return views.map((view, i) => {
    const row = rows[i]!;
    const owner = owners.find((o) => o.groupId === row.id);
    return {
      ...view,
      owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      suspendReason: row.suspendReason,
      gameCount: gameCounts.find((c) => c.groupId === row.id)?.count ?? 0,
    };
  });
}

/** The members of a turma, owner first, then organisers, then members, each group by when they joined. */
export async function loadGroupMembers(q: Queryable, groupId: number, fullNames: boolean) {
  const rows = await q
    .select({ member: groupMembers, name: displayName, deleted: sql<boolean>`${users.deletedAt} is not null` })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(
      sql`case ${groupMembers.role} when 'owner' then 0 when 'organiser' then 1 else 2 end`,
      asc(groupMembers.joinedAt),
      asc(groupMembers.createdAt),
      asc(groupMembers.id),
    );
  return rows.map(({ member, name, deleted }) => ({
    userId: member.userId,
    name: fullNames || deleted ? name : shortName(name),
    role: member.role,
    status: member.status,
    joinedAt: member.joinedAt?.toISOString() ?? null,
  }));
}
