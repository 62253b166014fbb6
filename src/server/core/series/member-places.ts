import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { memberPaymentDeadline, weeksDue } from '../../../shared/rules/weekly-series';
import type { Queryable, Tx } from '../../db/open-database';
import { games, registrations, series, seriesMembers, type SeriesTemplate } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServerContext } from '../context';
import { lockBalance } from '../credits/post-credit-transaction';
import { confirmRegistration } from '../games/confirm-registration';
import { expirePendingPayments } from '../games/expire-pending-payments';
import { recordGameEvent } from '../games/game-history';
import { brl, when } from '../games/game-notices';
import { generatePrivateLink } from '../games/private-link';
import { loadPlaces } from '../games/places';
import { findLiveRegistration, type GameRow, lockGames } from '../games/registration-guards';
import type { GameValues } from '../games/resolve-game-payload';
import { timeZoneOfState } from '../games/time-zone';
import { noticeGroupOfNewGame } from '../groups/group-notices';
import { notify, type PendingMail } from '../notifications/notify';

export type SeriesRow = typeof series.$inferSelect;
export type MemberOutcome = 'confirmed' | 'pending' | 'full' | 'kept';

/**
 * Locks the series for the rest of the transaction. Everything that changes its members or its games takes this
 * lock first and the games' locks after it (in id order, lockGames; lockGame takes it by itself), then users, so the
 * job, members joining and leaving, players applying and the organiser never deadlock and never count members twice.
 */
export async function lockSeries(tx: Tx, seriesId: number): Promise<SeriesRow> {
  const [row] = await tx.select().from(series).where(eq(series.id, seriesId)).for('no key update');
  if (!row) throw new AppError('series_not_found', messages.series.notFound);
  return row;
}

export async function activeMembers(tx: Tx, seriesId: number) {
  return tx
    .select()
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), isNull(seriesMembers.leftAt)))
    .orderBy(asc(seriesMembers.joinedAt), asc(seriesMembers.id));
}

/** The series' games still to come and not cancelled, in date order. */
export async function upcomingGames(tx: Queryable, seriesId: number, now: Date): Promise<GameRow[]> {
  return tx
    .select()
    .from(games)
    .where(and(eq(games.seriesId, seriesId), eq(games.status, 'active'), gt(games.dateTime, now)))
    .orderBy(asc(games.dateTime), asc(games.id));
}

/**
 * The series' games still to come, all locked (in id order, after the series) before the caller charges or refunds
 * anyone, and handed back in date order, the order players read them in.
 */
export async function lockUpcomingGames(tx: Tx, seriesId: number, now: Date): Promise<GameRow[]> {
  const upcoming = await upcomingGames(tx, seriesId, now);
  const locked = new Map(
    (
      await lockGames(
        tx,
        upcoming.map((game) => game.id),
      )
    ).map((game) => [game.id, game]),
  );
  return upcoming.map((game) => locked.get(game.id)!);
}

/**
 * A member's place in one game (locked by the caller): a place already held stays as it is; a full game gives none
 * (a place in its line stays there); otherwise the place is the member's, confirmed and charged from credits when the
 * balance covers the price (or free, or paid outside), else `pending` until memberPaymentDeadline with a notice to pay.
 * A new member waiting in the game's line takes the place with that same registration (issue 39): they leave the line
 * at once, not at its next change, and the positions behind them, counted over the line, move up by one.
 */
export async function holdMemberPlace(
  tx: Tx,
  ctx: ServerContext,
  game: GameRow,
  userId: number,
  mails: PendingMail,
  /** False when the caller tells the member of every week at once (joining a series: one notice, not one per week). */
  notice = true,
): Promise<{ outcome: MemberOutcome; paymentDeadline: Date | null }> {
  const now = ctx.clock.now();
  await expirePendingPayments(tx, ctx, game, mails);
  const live = await findLiveRegistration(tx, game.id, userId);
  if (live && live.status !== 'waitlist') return { outcome: 'kept', paymentDeadline: null };
  // A member may take any free place: the member places were kept from drop-ins for them (decision 046).
  if ((await loadPlaces(tx, game.id, now)).forMembers <= 0) return { outcome: 'full', paymentDeadline: null };
  const needsCredits = game.usePlatformPayment && game.priceCents > 0;
  const covered = !needsCredits || (await lockBalance(tx, userId)) >= game.priceCents;
  const paymentDeadline = covered ? null : memberPaymentDeadline(game.dateTime, now, ctx.payments.holdMinutes);
  // The entry in line becomes the hold (a place in line was never charged, and a player has one live registration per
  // game), keeping its joined_at as a promotion does; a member not in line gets a new one. Either is confirmed below
  // when credits cover it, charged once: the ledger's reference is the registration.
  const [held] = live
    ? await tx
        .update(registrations)
        .set({ status: 'pending', paymentDeadline, updatedAt: now })
        .where(and(eq(registrations.id, live.id), eq(registrations.status, 'waitlist')))
        .returning({ id: registrations.id })
    : await tx
        .insert(registrations)
        .values({ gameId: game.id, userId, status: 'pending', joinedAt: now, paymentDeadline })
        .returning({ id: registrations.id });
  if (covered) {
    const paid = await confirmRegistration(tx, game, { id: held!.id, userId }, now, ctx.config.earnings.feePercent);
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: null,
      action: 'player_joined',
      details: { playerId: userId, status: 'confirmed', member: true, cents: paid.paidCents, paymentType: paid.paymentType },
      at: now,
    });
    if (notice) {
      await notify(tx, userId, 'member_place_confirmed', messages.series.notice.memberConfirmed(game.name, when(game)), game.id);
    }
    return { outcome: 'confirmed', paymentDeadline: null };
  }
  const details = { playerId: userId, status: 'pending' as const, member: true };
  await recordGameEvent(tx, { gameId: game.id, actorId: null, action: 'player_joined', details, at: now });
  if (notice)
    await notify(
      tx,
      userId,
      'member_place_pending',
      messages.series.notice.memberPending(game.name, when(game), brl(game.priceCents), formatDateTime(paymentDeadline!, game.timeZone)),
      game.id,
    );
  return { outcome: 'pending', paymentDeadline };
}

/**
 * One notice to a new mensalista for every week joining gave them (issue 42): each week by its date, which places are
 * confirmed, which to pay and by when, which were full. Its kind is that of a place to pay when there is one; nothing
 * when no week was published yet. It points at the first week.
 */
export async function noticeNewMember(
  tx: Tx,
  userId: number,
  seriesName: string,
  weeks: { game: GameRow; outcome: MemberOutcome; paymentDeadline: Date | null }[],
): Promise<void> {
  if (weeks.length === 0) return;
  const of = (outcome: MemberOutcome) => weeks.filter((week) => week.outcome === outcome);
  const pending = of('pending').map(({ game, paymentDeadline }) => ({
    when: when(game),
    amount: brl(game.priceCents),
    deadline: formatDateTime(paymentDeadline!, game.timeZone),
  }));
  const message = messages.series.notice.joined(seriesName, {
    confirmed: of('confirmed').map(({ game }) => when(game)),
    pending,
    kept: of('kept').map(({ game }) => when(game)),
    full: of('full').map(({ game }) => when(game)),
  });
  await notify(tx, userId, pending.length > 0 ? 'member_place_pending' : 'member_place_confirmed', message, weeks[0]!.game.id);
}

/** The fields of a game that its series' games are made of: every field of `SeriesTemplate`, once. */
const TEMPLATE_FIELDS = [
  'name',
  'location',
  'address',
  'priceCents',
  'totalSlots',
  'description',
  'descriptionHtml',
  'visibility',
  'usePlatformPayment',
  'sportId',
  'stateId',
  'cityId',
] as const satisfies readonly (keyof SeriesTemplate)[];

/** What a series' games are made of, from a game's checked values (its date and publication left out). */
export function seriesTemplateOf(values: GameValues): SeriesTemplate {
  // Typed as the fields it copies, so a field of SeriesTemplate missing from the list, or of another type, fails here.
  const template = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, values[field]])) as Pick<
    GameValues,
    (typeof TEMPLATE_FIELDS)[number]
  >;
  return template;
}

/**
 * Creates the series' games due at `now` (up to five weeks ahead) that do not exist yet, each made of the series'
 * template, and gives every active member a place in each new one. The series is locked by the caller; the unique
 * (series, week) index makes a week created twice, by two instances or a retried run, impossible. A series planned
 * further ahead has nothing due yet: its first weeks come with later runs. The members of a turma's series are told of
 * the first new game (`actorId`, who made the series or its edit, and the mensalistas, told of their places, are not;
 * the weekly job's games are the series creator's). Returns the new games.
 */
export async function createDueGames(
  tx: Tx,
  ctx: ServerContext,
  row: SeriesRow,
  mails: PendingMail,
  actorId: number = row.creatorId,
): Promise<GameRow[]> {
  if (row.status !== 'active') return [];
  const now = ctx.clock.now();
  const [latest] = await tx
    .select({ week: games.seriesWeek })
    .from(games)
    .where(eq(games.seriesId, row.id))
    .orderBy(desc(games.seriesWeek))
    .limit(1);
  const timeZone = await timeZoneOfState(tx, row.template.stateId);
  const due = weeksDue(row.firstDateTime, row.occurrences, now, timeZone).filter(({ week }) => latest === undefined || week > latest.week!);
  if (due.length === 0) return [];
  const members = await activeMembers(tx, row.id);
  const created: GameRow[] = [];
  for (const { week, dateTime } of due) {
    const [game] = await tx
      .insert(games)
      .values({
        ...row.template,
        dateTime,
        state: 'published',
        status: 'active',
        privateLink: generatePrivateLink(),
        creatorId: row.creatorId,
        seriesId: row.id,
        groupId: row.groupId,
        seriesWeek: week,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!game) continue;
    await recordGameEvent(tx, { gameId: game.id, actorId: null, action: 'created', at: now });
    for (const member of members) await holdMemberPlace(tx, ctx, game, member.userId, mails);
    created.push(game);
  }
  if (created[0])
    await noticeGroupOfNewGame(
      tx,
      ctx,
      mails,
      created[0],
      actorId,
      members.map((member) => member.userId),
    );
  return created;
}
