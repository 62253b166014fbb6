import { and, asc, eq, gt, inArray, isNull, lte, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { INACTIVITY_WARNING_DAYS } from '../../../shared/rules/retention';
import type { Queryable } from '../../db/open-database';
import {
  cancellationRequests,
  games,
  groupMembers,
  organiserEarnings,
  payments,
  registrations,
  series,
  seriesMembers,
  users,
} from '../../db/schema';
import type { AuthUser, ServerContext } from '../context';
import { type PendingMail, queueMail, sendPendingMail } from '../notifications/notify';
import { emptyErasureAfterCommit, eraseAccount, finishErasure } from '../users/erase-account';
import { inactivityWarningEmail } from './inactivity-warning-email';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The e-mail names the last day to sign in, `INACTIVITY_WARNING_DAYS` after it is sent; the erasure comes a day
 * later, so that day is whole wherever the owner reads it.
 */
const ERASURE_AFTER_WARNING_DAYS = INACTIVITY_WARNING_DAYS + 1;

/** `years` before `now`, on the calendar. */
function yearsBefore(now: Date, years: number): Date {
  const then = new Date(now);
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

/**
 * An account nobody has used since `since` (no sign-in, registration or payment after it) and that nothing ties to the
 * platform at `now`: a player (administrators run the platform), without balance, without a place or a line in a game
 * ahead, a membership of a weekly series still running, a game or series of its own still to come, or a refund
 * request waiting for the administration. Everything it checks has an index by user.
 */
function unusedAndFree(q: Queryable, now: Date, since: Date | SQL): SQL {
  const one = { one: sql`1` };
  const seriesStillRunning = sql`${series.status} = 'active' and ${series.firstDateTime} + make_interval(days => 7 * ${series.occurrences} - 6) > ${now}`;
  return and(
    isNull(users.deletedAt),
    eq(users.role, 'player'),
    eq(users.balanceCents, 0),
    lte(users.lastActiveAt, since),
    notExists(
      q
        .select(one)
        .from(registrations)
        .where(and(eq(registrations.userId, users.id), gt(registrations.createdAt, since))),
    ),
    notExists(
      q
        .select(one)
        .from(payments)
        .where(and(eq(payments.userId, users.id), gt(payments.createdAt, since))),
    ),
    notExists(
      q
        .select(one)
        .from(registrations)
        .where(and(eq(registrations.userId, users.id), ne(registrations.status, 'cancelled'), gt(registrations.gameDateTime, now))),
    ),
    notExists(
      q
        .select(one)
        .from(games)
        .where(and(eq(games.creatorId, users.id), eq(games.status, 'active'), gt(games.dateTime, now))),
    ),
    notExists(
      q
        .select(one)
        .from(seriesMembers)
        .innerJoin(series, eq(series.id, seriesMembers.seriesId))
        .where(and(eq(seriesMembers.userId, users.id), isNull(seriesMembers.leftAt), seriesStillRunning)),
    ),
    notExists(
      q
        .select(one)
        .from(series)
        .where(and(eq(series.creatorId, users.id), seriesStillRunning)),
    ),
    // The owner of a turma with others in it is its payee: the turma is handed over, never erased with them.
    notExists(
      q
        .select(one)
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.userId, users.id),
            eq(groupMembers.role, 'owner'),
            sql`exists (select 1 from ${groupMembers} as "others" where "others"."group_id" = ${groupMembers.groupId} and "others"."user_id" <> ${users.id} and "others"."status" = 'member')`,
          ),
        ),
    ),
    notExists(
      q
        .select(one)
        .from(cancellationRequests)
        .where(and(eq(cancellationRequests.userId, users.id), eq(cancellationRequests.status, 'pending'))),
    ),
    // Nothing owed to it as an organiser, nor by it (decisions 045 and 063): its earnings, less the payouts paid, come to
    // nothing.
    sql`coalesce((select sum(${organiserEarnings.netCents}) from ${organiserEarnings} where ${organiserEarnings.organiserId} = ${users.id}), 0) = 0`,
  )!;
}

/**
 * Warns, in one transaction, up to `limit` accounts that will have gone unused for INACTIVE_ACCOUNT_YEARS within
 * INACTIVITY_WARNING_DAYS: each is marked warned and its e-mail written to the outbox together, so an interrupted run
 * leaves an account either warned with its e-mail or neither. Accounts are locked as they are chosen, those another
 * run holds skipped, so nobody is warned twice. Returns how many were warned.
 */
export async function warnInactiveAccounts(ctx: ServerContext, limit: number): Promise<number> {
  const now = ctx.clock.now();
  const { inactiveAccountYears } = ctx.config.retention;
  const since = new Date(yearsBefore(now, inactiveAccountYears).getTime() + INACTIVITY_WARNING_DAYS * DAY_MS);
  const lastDay = new Date(now.getTime() + INACTIVITY_WARNING_DAYS * DAY_MS);
  const mails: PendingMail = [];
  const warned = await ctx.db.transaction(async (tx) => {
    // Locked by a statement of its own: as a subquery of the UPDATE, the planner may run it again for each row, and
    // each run would skip the rows just updated and lock the next ones, warning more than `limit`.
    const due = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.inactivityWarnedAt), unusedAndFree(tx, now, since)))
      .orderBy(asc(users.lastActiveAt), asc(users.id))
      .limit(limit)
      .for('no key update', { skipLocked: true });
    if (due.length === 0) return 0;
    const rows = await tx
      .update(users)
      .set({ inactivityWarnedAt: now })
      .where(
        and(
          inArray(
            users.id,
            due.map((row) => row.id),
          ),
          isNull(users.inactivityWarnedAt),
          lte(users.lastActiveAt, since),
        ),
      )
      .returning({ name: users.name, email: users.email });
    for (const row of rows) {
      await queueMail(
        tx,
        mails,
        inactivityWarningEmail({
          to: row.email,
          name: row.name,
          inactiveYears: inactiveAccountYears,
          lastDay,
          publicUrl: ctx.config.publicUrl,
        }),
      );
    }
    return rows.length;
  });
  await sendPendingMail(ctx, mails);
  return warned;
}

type ErasureOutcome = 'erased' | 'kept' | 'skipped';

/**
 * One warned account, in its own transaction: locked (skipped if another run holds it or it is no longer due), then,
 * if nobody used it since the warning and it is still unused for INACTIVE_ACCOUNT_YEARS and free, erased as its
 * owner's deletion erases it; otherwise its warning is dropped, and a new one comes when it is unused again. The lock
 * comes first, against the usual order (decision 027): a free account has no series or game ahead for the erasure to lock.
 */
async function eraseIfStillUnused(ctx: ServerContext, userId: number): Promise<ErasureOutcome> {
  const now = ctx.clock.now();
  const inactiveSince = yearsBefore(now, ctx.config.retention.inactiveAccountYears);
  const dueBefore = new Date(now.getTime() - ERASURE_AFTER_WARNING_DAYS * DAY_MS);
  const after = emptyErasureAfterCommit();
  let erased: AuthUser | undefined;
  const outcome = await ctx.db.transaction(async (tx): Promise<ErasureOutcome> => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt), lte(users.inactivityWarnedAt, dueBefore)))
      .for('no key update', { skipLocked: true });
    if (!user) return 'skipped';
    const since = sql`least(${users.inactivityWarnedAt}, ${inactiveSince})`;
    const [stillUnused] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), unusedAndFree(tx, now, since)));
    if (!stillUnused) {
      await tx.update(users).set({ inactivityWarnedAt: null }).where(eq(users.id, userId));
      return 'kept';
    }
    await eraseAccount(tx, ctx, user, { forfeitCredits: false }, after);
    erased = user;
    return 'erased';
  });
  if (erased) await finishErasure(ctx, erased, after);
  return outcome;
}

/**
 * Erases, one transaction each, up to `limit` accounts warned more than ERASURE_AFTER_WARNING_DAYS ago, in id order
 * after `afterId`: those still unused and free are erased, the others keep their account and lose the warning.
 * Returns what happened to each and the last id looked at, where the next batch starts.
 */
export async function eraseWarnedAccounts(
  ctx: ServerContext,
  limit: number,
  afterId = 0,
): Promise<{ erased: number; kept: number; looked: number; lastId: number }> {
  const dueBefore = new Date(ctx.clock.now().getTime() - ERASURE_AFTER_WARNING_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.inactivityWarnedAt, dueBefore), isNull(users.deletedAt), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  const result = { erased: 0, kept: 0, looked: due.length, lastId: due.at(-1)?.id ?? afterId };
  for (const { id } of due) {
    const outcome = await eraseIfStillUnused(ctx, id);
    if (outcome === 'erased') result.erased++;
    if (outcome === 'kept') result.kept++;
  }
  return result;
}
