import type { ApplyBody, ApplyReply } from '../../../shared/schemas/games';
import type { ServerContext, SignedInCaller } from '../../core/context';
import { freePlacesFor } from '../../core/games/places';
import { findLiveRegistration } from '../../core/games/registration-guards';
import { sendPendingMail } from '../../core/notifications/notify';
import { closePendingCheckouts, closeWithProviders } from '../../core/payments/close-checkouts';
import {
  type AfterCommit,
  checkoutMethod,
  confirmPlace,
  type GameCheckout,
  holdForCheckout,
  insertHold,
  joinLine,
  lockOpenGame,
  refuseTakenPlace,
  withCheckoutPage,
} from './apply-to-game-steps';
import { tryFastApply } from './fast-apply';

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
  const after: AfterCommit = { mails: [], closed: [] };
  const { reply, checkout } = await ctx.db.transaction(async (tx): Promise<{ reply: ApplyReply; checkout?: GameCheckout }> => {
    const app = await lockOpenGame(tx, ctx, user, gameId, body, after);
    const method = checkoutMethod(app.game, body.paymentType);
    const live = await findLiveRegistration(tx, app.game.id, user.id);
    if (live?.status === 'pending') {
      // A held slot paid now (by credits or a new checkout) no longer awaits a checkout opened before for it.
      after.closed.push(...(await closePendingCheckouts(tx, [live.id], app.now)));
      if (!method) return { reply: await confirmPlace(app, live.id, true) };
    } else if (live) {
      refuseTakenPlace(live);
    }
    // A weekly series keeps its member places from drop-ins (freePlacesFor, decision 046).
    if (!live && (await freePlacesFor(tx, app.game, user.id, app.now)) <= 0) return { reply: await joinLine(app) };
    if (method) return holdForCheckout(app, method, live);
    return { reply: await confirmPlace(app, await insertHold(app)) };
  });
  await sendPendingMail(ctx, after.mails);
  await closeWithProviders(ctx, after.closed);
  return checkout ? withCheckoutPage(ctx, reply, checkout, user.email) : reply;
}
