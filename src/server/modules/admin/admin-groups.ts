import { and, desc, eq, gt, ilike, ne, or } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AdminGroup, AdminGroupDetail } from '../../../shared/schemas/groups';
import type { ServerContext } from '../../core/context';
import { loadGameViews } from '../../core/games/game-view';
import { groupNotFound } from '../../core/groups/group-games';
import { loadGroupMembers, toAdminGroupViews } from '../../core/groups/group-view';
import { games, groups } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** How many turmas the administration's list shows, the newest first. */
const ADMIN_LIST_LIMIT = 100;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every turma (private and suspended too), the newest first; `search` in its name or slug. */
export async function listAdminGroups(ctx: ServerContext, query: { search?: string }): Promise<{ groups: AdminGroup[] }> {
  const rows = await ctx.db
    .select()
    .from(groups)
    .where(query.search ? or(ilike(groups.name, likeText(query.search)), ilike(groups.slug, likeText(query.search))) : undefined)
    .orderBy(desc(groups.id))
    .limit(ADMIN_LIST_LIMIT);
  return { groups: await toAdminGroupViews(ctx.db, rows) };
}

/** One turma with its members (full names and requests) and its games still to come, any visibility. */
export async function getAdminGroup(ctx: ServerContext, groupId: number): Promise<AdminGroupDetail> {
  const [row] = await ctx.db.select().from(groups).where(eq(groups.id, groupId));
  if (!row) throw groupNotFound();
  const now = ctx.clock.now();
  const [group] = await toAdminGroupViews(ctx.db, [row]);
  return {
    group: group!,
    members: await loadGroupMembers(ctx.db, groupId, true),
    upcomingGames: await loadGameViews(ctx.db, {
      where: and(eq(games.groupId, groupId), ne(games.status, 'cancelled'), gt(games.dateTime, now)),
      now,
      order: 'soonest',
      limit: 50,
    }),
  };
}

/**
 * Suspends a turma: its page says so, nobody joins and no game or series is added to it; its games stay until
 * someone cancels them (players keep their places and their money).
 */
export function suspendGroup(ctx: ServerContext, groupId: number, reason: string): Promise<{ message: string; group: AdminGroup }> {
  return setSuspension(ctx, groupId, { reason });
}

/** Lifts a turma's suspension: its page no longer says so, people join and its organisers add games again. */
export function unsuspendGroup(ctx: ServerContext, groupId: number): Promise<{ message: string; group: AdminGroup }> {
  return setSuspension(ctx, groupId, null);
}

/**
 * Suspends the turma (`suspension` given) or lifts its suspension (null), under its row's lock; a turma already in
 * that state is a 409 and changes nothing. A suspension keeps when and why, which lifting it clears (decision 083).
 */
async function setSuspension(
  ctx: ServerContext,
  groupId: number,
  suspension: { reason: string } | null,
): Promise<{ message: string; group: AdminGroup }> {
  const row = await ctx.db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) throw groupNotFound();
    if (suspension && group.suspendedAt) throw new AppError('group_suspended', messages.groups.alreadySuspended);
    if (!suspension && !group.suspendedAt) throw new AppError('group_not_suspended', messages.groups.notSuspended);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(groups)
      .set({ suspendedAt: suspension ? now : null, suspendReason: suspension?.reason ?? null, updatedAt: now })
      .where(eq(groups.id, groupId))
      .returning();
    return updated!;
  });
  const [group] = await toAdminGroupViews(ctx.db, [row]);
  const message = suspension ? messages.groups.suspendedNotice(row.name) : messages.groups.reactivatedNotice(row.name);
  return { message, group: group! };
}
