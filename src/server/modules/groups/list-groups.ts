import { and, asc, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Group, MyGroup } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { toGroupViews } from '../../core/groups/group-view';
import { groupMembers, groups } from '../../db/schema';

/** How many turmas one search lists. */
const LIST_LIMIT = 50;

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public turmas, not suspended, of a city and with a name containing `search` when given, by name. */
export async function listGroups(ctx: ServerContext, query: { cityId?: number; search?: string }): Promise<Group[]> {
  const filters: SQL[] = [eq(groups.visibility, 'public'), isNull(groups.suspendedAt)];
  if (query.cityId !== undefined) filters.push(eq(groups.cityId, query.cityId));
  if (query.search) filters.push(ilike(groups.name, likeText(query.search)));
  const rows = await ctx.db
    .select()
    .from(groups)
    .where(and(...filters))
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(LIST_LIMIT);
  return toGroupViews(ctx.db, rows);
}

/** "Minhas turmas": the turmas the caller belongs to (suspended ones too, saying so), the latest joined first. */
export async function listMyGroups(ctx: ServerContext, user: AuthUser): Promise<MyGroup[]> {
  const rows = await ctx.db
    .select({ group: groups, role: groupMembers.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, user.id), eq(groupMembers.status, 'member')))
    .orderBy(desc(groupMembers.joinedAt), desc(groupMembers.id));
  const views = await toGroupViews(
    ctx.db,
    rows.map((row) => row.group),
  );
  return views.map((group, i) => ({ group, myRole: rows[i]!.role }));
}
