import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply } from '../../../shared/schemas/games';
import type { ServerContext } from '../../context';
import { registrations, users } from '../../db/schema';
import type { AuthUser } from '../../http/authentication';
import { AppError } from '../../lib/app-error';
import { notify, type PendingMail, sendPendingMail } from '../notifications/notify';
import { confirmRegistration } from './confirm-registration';
import { expirePendingPayments } from './expire-pending-payments';
import { when } from './game-notices';
import { addToWaitlist } from './join-waitlist';
import {
  assertCanReachGame,
  assertHasPhone,
  assertOpenForRegistration,
  countOccupiedSlots,
  findLiveRegistration,
  type GameRow,
  lockGame,
} from './registration-guards';

/** Card and PIX arrive with the payments work; until then only credits pay a platform game. */
function assertPayable(game: GameRow, paymentType: ApplyBody['paymentType']): void {
  if (!game.usePlatformPayment) return;
  if (paymentType === undefined) throw new AppError('bad_request', messages.paymentTypeRequired, { paymentType: messages.paymentTypeRequired });
  if (paymentType !== 'credit') throw new AppError('bad_request', messages.paymentMethodUnavailable, { paymentType: messages.paymentMethodUnavailable });
}

/**
 * Applies to a game in one transaction under the game lock: a free slot confirms (charging the
 * price to credits on platform games), a full game puts the player in line without charge. A
 * player holding a slot that awaits payment pays it here with credits.
 */
export async function applyToGame(ctx: ServerContext, user: AuthUser, gameId: number, body: ApplyBody): Promise<ApplyReply> {
  const mails: PendingMail = [];
  const reply = await ctx.db.transaction(async (tx): Promise<ApplyReply> => {
    const now = ctx.clock.now();
    const game = await lockGame(tx, gameId);
    await expirePendingPayments(tx, ctx, game, mails);
    await assertCanReachGame(tx, game, user, body.privateLink);
    assertOpenForRegistration(game, now);
    assertHasPhone(user);
    assertPayable(game, body.paymentType);

    const balance = async () => {
      const [row] = await tx.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, user.id));
      return toReais(row!.balanceCents);
    };
    const confirmed = async (registrationId: number): Promise<ApplyReply> => {
      const { paymentType, paidCents } = await confirmRegistration(tx, game, { id: registrationId, userId: user.id }, now);
      await notify(tx, user.id, 'registration_confirmed', messages.notice.registrationConfirmed(game.name, when(game)), game.id);
      return {
        message: messages.registrationConfirmed,
        waitlisted: false,
        registrationType: 'confirmed',
        paymentType,
        amountCharged: toReais(paidCents),
        credits: await balance(),
      };
    };

    const live = await findLiveRegistration(tx, game.id, user.id);
    if (live?.status === 'pending') return confirmed(live.id);
    if (live) throw new AppError('conflict', live.status === 'waitlist' ? messages.alreadyOnWaitlist : messages.alreadyRegistered);

    if ((await countOccupiedSlots(tx, game.id)) >= game.totalSlots) {
      await addToWaitlist(tx, game, user.id, now);
      return {
        message: messages.addedToWaitlist,
        waitlisted: true,
        registrationType: 'waitlist',
        paymentType: null,
        amountCharged: 0,
        credits: await balance(),
      };
    }
    // Inserted as holding the slot, then confirmed: the ledger row references the registration's id.
    const [created] = await tx
      .insert(registrations)
      .values({ gameId: game.id, userId: user.id, status: 'pending', joinedAt: now })
      .returning({ id: registrations.id });
    return confirmed(created!.id);
  });
  await sendPendingMail(ctx, mails);
  return reply;
}
