import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { formatBRL, toReais } from '../../../shared/money';
import type { DeleteMeBody } from '../../../shared/schemas/users';
import type { AuthUser, ServerContext } from '../../core/context';
import { lockBalance, postCreditTransaction } from '../../core/credits/post-credit-transaction';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { eraseGameDayData } from '../../core/games/game-day';
import { promoteWaitlist } from '../../core/games/promote-waitlist';
import { refundCancellation } from '../../core/games/refund-cancellation';
import { cancelledFields, findLiveRegistration, lockGame } from '../../core/games/registration-guards';
import { type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../../core/payments/close-checkouts';
import type { PaymentRow } from '../../core/payments/payment-records';
import { endMembershipsOf } from '../../core/series/member-places';
import type { Tx } from '../../db/open-database';
import {
  emailOutbox,
  games,
  invitations,
  notifications,
  passwordResetCodes,
  registrations,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';

/**
 * The owner proves it is them: with the password, or, for an account that only ever signed in with
 * Google and has none, by typing the account's e-mail (decision 023).
 */
async function assertConfirmed(user: AuthUser, input: DeleteMeBody): Promise<void> {
  if (user.passwordHash) {
    if (!input.password) throw new AppError('bad_request', messages.deletePasswordRequired, { password: messages.deletePasswordRequired });
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError('bad_request', messages.deletePasswordWrong, { password: messages.deletePasswordWrong });
    }
    return;
  }
  const typed = input.email?.trim().toLowerCase();
  if (!typed) throw new AppError('bad_request', messages.deleteEmailRequired, { email: messages.deleteEmailRequired });
  if (typed !== user.email) throw new AppError('bad_request', messages.deleteEmailWrong, { email: messages.deleteEmailWrong });
}

/**
 * Gives up the user's places in games that have not started, one game at a time under its lock (in id
 * order), with the usual refund rule and the freed slot handed to the line.
 */
async function giveUpFutureRegistrations(tx: Tx, ctx: ServerContext, userId: number, mails: PendingMail, closed: PaymentRow[]): Promise<void> {
  const now = ctx.clock.now();
  const live = await tx
    .selectDistinct({ gameId: registrations.gameId })
    .from(registrations)
    .innerJoin(games, eq(games.id, registrations.gameId))
    .where(and(eq(registrations.userId, userId), ne(registrations.status, 'cancelled'), gt(games.dateTime, now)))
    .orderBy(asc(registrations.gameId));
  for (const { gameId } of live) {
    const game = await lockGame(tx, gameId);
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
    const registration = await findLiveRegistration(tx, game.id, userId);
    if (!registration) continue;
    await tx.update(registrations).set(cancelledFields(registration, now)).where(eq(registrations.id, registration.id));
    // A checkout still open stops holding the slot; money that arrives anyway is kept as credits for the books.
    if (registration.status === 'pending') closed.push(...(await closePendingCheckouts(tx, [registration.id], now)));
    if (registration.status === 'waitlist') continue;
    if (game.status === 'active') await refundCancellation(tx, game, registration, now);
    await promoteWaitlist(tx, ctx, game, mails);
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
  if (admins.length <= 1) throw new AppError('conflict', messages.deleteLastAdmin);
}

/**
 * Deletes the account: future registrations are given up, the remaining balance is forfeited (only
 * when the owner said so), personal data is erased and every session ends. The row stays, nameless,
 * because the ledger, payments and past registrations point at it and are kept for the books.
 */
export async function deleteAccount(ctx: ServerContext, user: AuthUser, input: DeleteMeBody): Promise<{ message: string }> {
  await assertConfirmed(user, input);
  const mails: PendingMail = [];
  const closed: PaymentRow[] = [];
  await ctx.db.transaction(async (tx) => {
    // First, under each series' lock: no new week can give the leaving account a place afterwards.
    await endMembershipsOf(tx, user.id, ctx.clock.now());
    await giveUpFutureRegistrations(tx, ctx, user.id, mails, closed);
    await assertNotLastAdmin(tx, user);
    const balanceCents = await lockBalance(tx, user.id);
    if (balanceCents > 0) {
      if (!input.forfeitCredits) throw new AppError('conflict', messages.deleteHasCredits(formatBRL(toReais(balanceCents))));
      await postCreditTransaction(tx, {
        userId: user.id,
        amountCents: -balanceCents,
        type: 'forfeit',
        description: messages.forfeitDescription,
        source: 'account_deletion',
        reference: `user:${user.id}`,
      });
    }
    await eraseGameDayData(tx, user.id);
    await tx.delete(notifications).where(eq(notifications.userId, user.id));
    await tx.delete(invitations).where(or(eq(invitations.userId, user.id), eq(invitations.email, user.email)));
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    await tx.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
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
        role: 'player',
        deletedAt: ctx.clock.now(),
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
  });
  await sendPendingMail(ctx, mails);
  await closeWithProviders(ctx, closed);
  return { message: messages.accountDeletedDone };
}
