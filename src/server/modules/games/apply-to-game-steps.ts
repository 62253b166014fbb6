import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply } from '../../../shared/schemas/games';
import type { AuthUser, ServerContext } from '../../core/context';
import { addToWaitlist } from '../../core/games/add-to-waitlist';
import { confirmRegistration } from '../../core/games/confirm-registration';
import { expirePendingPayments } from '../../core/games/expire-pending-payments';
import { when } from '../../core/games/game-notices';
import { noticeOrganiserOfRegistration } from '../../core/games/organiser-notices';
import { recordGameEvent } from '../../core/games/game-history';
import {
  assertCanReachGame,
  assertHasPhone,
  assertOpenForRegistration,
  type GameRow,
  lockGame,
  type RegistrationRow,
} from '../../core/games/registration-guards';
import { notify, type PendingMail } from '../../core/notifications/notify';
import { type PaymentRow, registrationPaymentTypeOf } from '../../core/payments/payment-records';
import { insertPendingPayment, openGameCheckout } from '../../core/payments/start-checkout';
import type { Tx } from '../../db/open-database';
import { confirmedReply, waitlistedReply } from './apply-replies';
import { registrations, users } from '../../db/schema';
import type { PaymentMethod } from '../../integrations/payments/provider';
import { AppError } from '../../lib/app-error';

/** One application inside its transaction, under the game's lock: what every step below works on. */
export type Application = { tx: Tx; ctx: ServerContext; game: GameRow; user: AuthUser; now: Date; mails: PendingMail };

/** What waits for the commit: mails written to the outbox, checkouts to close at their providers. */
export type AfterCommit = { mails: PendingMail; closed: PaymentRow[] };

/** A card or PIX hold, whose provider checkout page opens after commit. */
export type GameCheckout = { payment: PaymentRow; createdHold: boolean; gameName: string };

/** Guards: locks the game, writes the holds that expired, and refuses an application that may not go on. */
export async function lockOpenGame(
  tx: Tx,
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
  body: ApplyBody,
  after: AfterCommit,
): Promise<Application> {
  const now = ctx.clock.now();
  const game = await lockGame(tx, gameId);
  after.closed.push(...(await expirePendingPayments(tx, ctx, game, after.mails)));
  await assertCanReachGame(tx, game, user, body.privateLink);
  assertOpenForRegistration(game, now);
  assertHasPhone(user);
  if (game.usePlatformPayment && body.paymentType === undefined) {
    throw new AppError('payment_type_required', messages.paymentTypeRequired, { paymentType: messages.paymentTypeRequired });
  }
  return { tx, ctx, game, user, now, mails: after.mails };
}

/** Card (`card` = `stripe`) or PIX (`mercadopago`) on a platform game with a price; null for credits and free games. */
export function checkoutMethod(game: GameRow, paymentType: ApplyBody['paymentType']): PaymentMethod | null {
  if (!game.usePlatformPayment || game.priceCents === 0 || paymentType === undefined || paymentType === 'credit') return null;
  return paymentType === 'mercadopago' ? 'pix' : 'card';
}

/** A confirmed registration or a place in line cannot be applied for again. */
export function refuseTakenPlace(live: Pick<RegistrationRow, 'status'>): never {
  throw live.status === 'waitlist'
    ? new AppError('already_on_waitlist', messages.alreadyOnWaitlist)
    : new AppError('already_registered', messages.alreadyRegistered);
}

async function balanceOf({ tx, user }: Application): Promise<number> {
  const [row] = await tx.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, user.id));
  return toReais(row!.balanceCents);
}

/** Inserts the registration holding the slot; confirming it then lets the ledger row reference its id. */
export async function insertHold(app: Application, checkout?: { method: PaymentMethod; deadline: Date }): Promise<number> {
  const { tx, game, user, now } = app;
  const paymentFields = checkout ? { paymentType: registrationPaymentTypeOf(checkout.method), paymentDeadline: checkout.deadline } : {};
  const [created] = await tx
    .insert(registrations)
    .values({ gameId: game.id, userId: user.id, status: 'pending', ...paymentFields, joinedAt: now })
    .returning({ id: registrations.id });
  return created!.id;
}

/**
 * Charge, confirm and notify: the price from credits on a platform game (nothing for outside payment). `wasHeld`: the
 * place was already the player's, awaiting payment, and is paid now.
 */
export async function confirmPlace(app: Application, registrationId: number, wasHeld = false): Promise<ApplyReply> {
  const { tx, ctx, game, user, now, mails } = app;
  const { paymentType, paidCents } = await confirmRegistration(
    tx,
    game,
    { id: registrationId, userId: user.id },
    now,
    ctx.config.earnings.feePercent,
  );
  await recordGameEvent(tx, {
    gameId: game.id,
    actorId: user.id,
    action: wasHeld ? 'player_confirmed' : 'player_joined',
    details: { playerId: user.id, status: 'confirmed', cents: paidCents, paymentType },
    at: now,
  });
  await notify(tx, user.id, 'registration_confirmed', messages.notice.registrationConfirmed(game.name, when(game)), game.id);
  await noticeOrganiserOfRegistration(tx, ctx, mails, game, user.id, 'confirmed');
  return confirmedReply(paymentType, paidCents, await balanceOf(app));
}

/** A full game: the player joins the line, without charge. */
export async function joinLine(app: Application): Promise<ApplyReply> {
  await addToWaitlist(app.tx, app.game, app.user.id, app.now);
  await recordGameEvent(app.tx, {
    gameId: app.game.id,
    actorId: app.user.id,
    action: 'player_joined',
    details: { playerId: app.user.id, status: 'waitlist' },
    at: app.now,
  });
  await noticeOrganiserOfRegistration(app.tx, app.ctx, app.mails, app.game, app.user.id, 'waitlist');
  return waitlistedReply(await balanceOf(app));
}

/**
 * Card and PIX: the slot is held as `pending` for the payment window (a slot already held, by a promotion awaiting
 * payment or a checkout left unpaid, keeps its own deadline) with a pending payment for the checkout.
 */
export async function holdForCheckout(
  app: Application,
  method: PaymentMethod,
  live: RegistrationRow | undefined,
): Promise<{ reply: ApplyReply; checkout: GameCheckout }> {
  const { tx, ctx, game, user, now } = app;
  const deadline = live?.paymentDeadline ?? new Date(Math.min(now.getTime() + ctx.payments.holdMinutes * 60_000, game.dateTime.getTime()));
  const registrationId = live?.id ?? (await insertHold(app, { method, deadline }));
  if (!live) {
    await recordGameEvent(tx, {
      gameId: game.id,
      actorId: user.id,
      action: 'player_joined',
      details: { playerId: user.id, status: 'pending', paymentType: registrationPaymentTypeOf(method) },
      at: now,
    });
  }
  const payment = await insertPendingPayment(tx, ctx, {
    userId: user.id,
    purpose: 'game',
    method,
    amountCents: game.priceCents,
    gameId: game.id,
    registrationId,
    expiresAt: deadline,
  });
  const reply: ApplyReply = {
    message: messages.awaitingPayment,
    waitlisted: false,
    registrationType: 'pending',
    paymentType: registrationPaymentTypeOf(method),
    amountCharged: 0,
    credits: await balanceOf(app),
    paymentDeadline: deadline.toISOString(),
  };
  return { reply, checkout: { payment, createdHold: !live, gameName: game.name } };
}

/** After commit: opens the provider's checkout page of a hold and adds where the browser goes to the reply. */
export async function withCheckoutPage(
  ctx: ServerContext,
  reply: ApplyReply,
  checkout: GameCheckout,
  payerEmail: string,
): Promise<ApplyReply> {
  const redirect = await openGameCheckout(ctx, checkout.payment, {
    description: `${checkout.gameName}: 1 vaga`,
    payerEmail,
    releaseHoldOnFailure: checkout.createdHold,
  });
  return checkout.payment.method === 'card'
    ? { ...reply, url: redirect.url }
    : { ...reply, initPoint: redirect.initPoint, sandboxInitPoint: redirect.sandboxInitPoint };
}
