import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import { isFuture } from '../../../shared/rules/game-timing';
import type { Tx } from '../../db/open-database';
import { emailOutbox, games, invitations, notifications, passwordResetCodes, registrations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser, ServerContext } from '../context';
import { lockBalance, postCreditTransaction } from '../credits/post-credit-transaction';
import { organiserBalance } from '../earnings/organiser-balance';
import { cancelGame } from '../games/cancel-game';
import { expirePendingPayments } from '../games/expire-pending-payments';
import { eraseGameDayData } from '../games/game-day';
import { placeOf, recordGameEvent } from '../games/game-history';
import { promoteWaitlist } from '../games/promote-waitlist';
import { refundCancellation } from '../games/refund-cancellation';
import { type PendingRefunds, refundAtProvider } from '../games/refund-in-full';
import { cancelledFields, findLiveRegistration, lockGames } from '../games/registration-guards';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../payments/close-checkouts';
import type { PaymentRow } from '../payments/payment-records';
import { closeSeries, endMembershipsOf, lockSeriesOfAccount } from '../series/close-series';
import { eraseNameFromNotices } from '../games/organiser-notices';
import { eraseNameFromOthersMail } from './erase-name';
import { eraseGroupMemberships } from '../groups/erase-memberships';
import { erasePaymentAccounts } from '../payment-accounts/account-changes';

/** What an erasure hands to the providers and the mailer once it has committed (`finishErasure`). */
export type ErasureAfterCommit = { mails: PendingMail; refunds: PendingRefunds; closed: PaymentRow[] };

export const emptyErasureAfterCommit = (): ErasureAfterCommit => ({ mails: [], refunds: [], closed: [] });

/**
 * Ends the account's part in every game that has not started, all of them locked first, in id order (their series are
 * locked already): a game it organises is cancelled as the organiser's cancel does it (everyone refunded in full and
 * told, checkouts closed, the line ended), and its own places elsewhere are given up with the usual refund rule and
 * the freed slot handed to the line.
 */
async function leaveFutureGames(tx: Tx, ctx: ServerContext, user: AuthUser, after: ErasureAfterCommit): Promise<void> {
  const now = ctx.clock.now();
  const userId = user.id;
  // An administrator's games are the platform's: any other administrator runs them, so they stay.
  const cancelsOwnGames = user.role !== 'admin';
  const organised = cancelsOwnGames
    ? await tx
        .select({ gameId: games.id })
        .from(games)
        .where(and(eq(games.creatorId, userId), eq(games.status, 'active'), gt(games.dateTime, now)))
    : [];
  const registered = await tx
    .selectDistinct({ gameId: registrations.gameId })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), ne(registrations.status, 'cancelled'), gt(registrations.gameDateTime, now)));
  const gameIds = [...new Set([...organised, ...registered].map((row) => row.gameId))].sort((a, b) => a - b);
  // All locked before anyone is refunded (decision 027's order: series, then games in id order, then users).
  for (const game of await lockGames(tx, gameIds)) {
    if (cancelsOwnGames && game.creatorId === userId && game.status === 'active' && isFuture(game.dateTime, now)) {
      await cancelGame(tx, ctx, game, {
        reason: messages.organiserAccountDeletedReason,
        mails: after.mails,
        refunds: after.refunds,
        actorId: userId,
      });
      continue;
    }
    after.closed.push(...(await expirePendingPayments(tx, ctx, game, after.mails)));
    const registration = await findLiveRegistration(tx, game.id, userId);
    if (!registration) continue;
    await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: userId,
      action: 'player_left',
      details: { playerId: userId, from: placeOf(registration) },
      at: now,
    });
    // A checkout still open stops holding the slot; money that arrives anyway is kept as credits for the books.
    if (registration.status === 'pending') after.closed.push(...(await closePendingCheckouts(tx, [registration.id], now)));
    if (registration.status === 'waitlist') continue;
    const outcome = game.status === 'active' ? await refundCancellation(tx, game, registration, now) : 'none';
    if (outcome !== 'none') {
      const details = { playerId: userId, cents: registration.paidCents, refund: outcome };
      await recordGameEvent(tx, { gameId: game.id, actorId: userId, action: 'refunded', details, at: now });
    }
    await promoteWaitlist(tx, ctx, game, after.mails);
  }
}

/** Refuses to delete the only administrator left: nobody could run the admin area afterwards. */
async function assertNotLastAdmin(tx: Tx, user: AuthUser): Promise<void> {
  if (user.role !== 'admin') return;
  // Locked, so two administrators deleting themselves at once cannot both pass.
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  if (admins.length <= 1) throw new AppError('last_admin', messages.deleteLastAdmin);
}

/**
 * Refuses to erase an organiser who owes the platform (a share taken back after it was paid out, decision 063) or is
 * still owed money (decision 045): earnings available or pending, or a payout asked for and not paid yet, after its
 * games to come were cancelled above (their players refunded, their share taken back). Only a payout recorded as paid
 * settles what is owed to them; the account can be deleted afterwards.
 */
async function assertNothingOwed(tx: Tx, ctx: ServerContext, user: AuthUser): Promise<void> {
  const owed = await organiserBalance(tx, user.id, ctx.clock.now(), ctx.config.earnings.holdHours);
  if (owed.owedCents > 0) throw new AppError('account_owes_earnings', messages.earnings.deleteOwes(formatBRL(toReais(owed.owedCents))));
  const totalCents = owed.availableCents + owed.requestedCents + owed.pendingCents;
  if (totalCents > 0) throw new AppError('account_has_earnings', messages.earnings.deleteHasEarnings(formatBRL(toReais(totalCents))));
}

/**
 * Erases an account in the caller's transaction, as its owner's deletion does (decision 023) and as the retention job
 * does to an unused one (decision 043): its turmas are left (one it owns with others in it refuses: decision 081),
 * the games and weekly series it organises that are still to come are cancelled, its future registrations are given
 * up, the remaining balance is forfeited (only when `forfeitCredits`; otherwise a balance refuses the erasure),
 * personal data is erased, also from the e-mails kept for other people, and every session ends. The row stays,
 * nameless, because the ledger, payments and past registrations point at it and are kept for the books. What must
 * happen after the commit is added to `after`.
 */
export async function eraseAccount(
  tx: Tx,
  ctx: ServerContext,
  user: AuthUser,
  options: { forfeitCredits: boolean },
  after: ErasureAfterCommit,
): Promise<void> {
  const now = ctx.clock.now();
  // Turmas first (a turma shared with others refuses at once), then series, then games: the lock order of everything
  // that changes a turma's members, a series' members or games.
  await eraseGroupMemberships(tx, user.id);
  const organisedSeries = await lockSeriesOfAccount(tx, user.id, now);
  await endMembershipsOf(tx, user.id, now);
  await leaveFutureGames(tx, ctx, user, after);
  if (user.role !== 'admin') for (const row of organisedSeries) await closeSeries(tx, row.id, messages.organiserAccountDeletedReason, now);
  await assertNotLastAdmin(tx, user);
  const balanceCents = await lockBalance(tx, user.id);
  if (balanceCents > 0) {
    if (!options.forfeitCredits) throw new AppError('account_has_credits', messages.deleteHasCredits(formatBRL(toReais(balanceCents))));
    await postCreditTransaction(tx, {
      userId: user.id,
      amountCents: -balanceCents,
      type: 'forfeit',
      description: messages.forfeitDescription,
      source: 'account_deletion',
      reference: `user:${user.id}`,
    });
  }
  await assertNothingOwed(tx, ctx, user);
  await eraseGameDayData(tx, user.id);
  await tx.delete(notifications).where(eq(notifications.userId, user.id));
  await tx.delete(invitations).where(or(eq(invitations.userId, user.id), eq(invitations.email, user.email)));
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
  await erasePaymentAccounts(tx, user.id, now);
  await tx.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
  const [current] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id));
  await eraseNameFromOthersMail(tx, { name: current!.name, email: user.email });
  await eraseNameFromNotices(tx, { id: user.id, name: current!.name });
  await tx
    .update(users)
    .set({
      name: '',
      email: '',
      phone: null,
      googleSub: null,
      passwordHash: null,
      // The calendar feed's address stops answering.
      calendarToken: null,
      payoutKeyType: null,
      payoutKey: null,
      payoutHolderName: null,
      role: 'player',
      deletedAt: now,
      inactivityWarnedAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, user.id));
}

/** After an erasure committed: refunds at the providers, the e-mails to other people, checkouts closed at the providers. */
export async function finishErasure(ctx: ServerContext, user: AuthUser, after: ErasureAfterCommit): Promise<void> {
  await refundAtProvider(ctx, after.refunds, after.mails);
  // The account's own games told it too; nothing is sent to, or kept for, an address that is gone.
  await sendPendingMail(
    ctx,
    after.mails.filter((mail) => mail.to !== user.email),
  );
  await closeWithProviders(ctx, after.closed);
}
