import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply } from '../../../shared/schemas/games';
import type { ServerContext, SignedInCaller } from '../../core/context';
import { addToWaitlist } from '../../core/games/add-to-waitlist';
import { confirmRegistration } from '../../core/games/confirm-registration';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { when } from '../../core/games/game-notices';
import {
  assertCanReachGame,
  assertHasPhone,
  assertOpenForRegistration,
  countOccupiedSlots,
  findLiveRegistration,
  type GameRow,
  lockGame,
} from '../../core/games/registration-guards';
import { notify, type PendingMail, sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../../core/payments/close-checkouts';
import { type PaymentRow, registrationPaymentTypeOf } from '../../core/payments/payment-records';
import { insertPendingPayment, openGameCheckout } from '../../core/payments/start-checkout';
import { registrations, users } from '../../db/schema';
import type { PaymentMethod } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';
import { tryFastApply } from './fast-apply';

function assertPayable(game: GameRow, paymentType: ApplyBody['paymentType']): void {
  if (!game.usePlatformPayment) return;
  if (paymentType === undefined) throw new AppError('payment_type_required', messages.paymentTypeRequired, { paymentType: messages.paymentTypeRequired });
}

/** Card (`card` = `stripe`) or PIX (`mercadopago`) on a platform game with a price; null for credits and free games. */
function checkoutMethod(game: GameRow, paymentType: ApplyBody['paymentType']): PaymentMethod | null {
  if (!game.usePlatformPayment || game.priceCents === 0 || paymentType === undefined || paymentType === 'credit') return null;
  return paymentType === 'mercadopago' ? 'pix' : 'card';
}

type GameCheckout = { payment: PaymentRow; createdHold: boolean; deadline: Date; gameName: string };

/**
 * Applies to a game in one transaction under the game lock: a free slot confirms (charging the
 * price to credits on platform games), a full game puts the player in line without charge. A
 * player holding a slot that awaits payment pays it here with credits. Card and PIX hold the slot
 * as `pending` for the payment window and answer the provider's checkout page, opened after commit. The common
 * case (a public game, credits or outside payment, nothing to expire) first tries tryFastApply's single statement.
 */
export async function applyToGame(ctx: ServerContext, caller: SignedInCaller, gameId: number, body: ApplyBody): Promise<ApplyReply> {
  const fast = await tryFastApply(ctx, caller.claims, gameId, body);
  if (fast) return fast;
  const user = await caller.account();
  const mails: PendingMail = [];
  let checkout: GameCheckout | undefined;
  const closed: PaymentRow[] = [];
  const reply = await ctx.db.transaction(async (tx): Promise<ApplyReply> => {
    const now = ctx.clock.now();
    const game = await lockGame(tx, gameId);
    closed.push(...(await expirePendingPayments(tx, ctx, game, mails)));
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

    const method = checkoutMethod(game, body.paymentType);
    const live = await findLiveRegistration(tx, game.id, user.id);
    // A held slot paid now (by credits or a new checkout) no longer awaits a checkout opened before for it.
    if (live?.status === 'pending') closed.push(...(await closePendingCheckouts(tx, [live.id], now)));
    if (live?.status === 'pending' && !method) return confirmed(live.id);
    if (live && live.status !== 'pending') {
      throw live.status === 'waitlist' ? new AppError('already_on_waitlist', messages.alreadyOnWaitlist) : new AppError('already_registered', messages.alreadyRegistered);
    }

    if (!live && (await countOccupiedSlots(tx, game.id)) >= game.totalSlots) {
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
    if (method) {
      // A slot already held (a promotion awaiting payment, or a checkout left unpaid) keeps its own deadline.
      const deadline = live?.paymentDeadline ?? new Date(Math.min(now.getTime() + ctx.payments.holdMinutes * 60_000, game.dateTime.getTime()));
      const registrationId =
        live?.id ??
        (
          await tx
            .insert(registrations)
            .values({ gameId: game.id, userId: user.id, status: 'pending', paymentType: registrationPaymentTypeOf(method), paymentDeadline: deadline, joinedAt: now })
            .returning({ id: registrations.id })
        )[0]!.id;
      const payment = await insertPendingPayment(tx, ctx, {
        userId: user.id,
        purpose: 'game',
        method,
        amountCents: game.priceCents,
        gameId: game.id,
        registrationId,
        expiresAt: deadline,
      });
      checkout = { payment, createdHold: !live, deadline, gameName: game.name };
      return {
        message: messages.awaitingPayment,
        waitlisted: false,
        registrationType: 'pending',
        paymentType: registrationPaymentTypeOf(method),
        amountCharged: 0,
        credits: await balance(),
        paymentDeadline: deadline.toISOString(),
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
  await closeWithProviders(ctx, closed);
  if (!checkout) return reply;
  const redirect = await openGameCheckout(ctx, checkout.payment, {
    description: `${checkout.gameName}: 1 vaga`,
    payerEmail: user.email,
    releaseHoldOnFailure: checkout.createdHold,
  });
  return checkout.payment.method === 'card'
    ? { ...reply, url: redirect.url }
    : { ...reply, initPoint: redirect.initPoint, sandboxInitPoint: redirect.sandboxInitPoint };
}
