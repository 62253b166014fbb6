import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { isFuture, paymentDeadline } from '../../../shared/rules/game-timing';
import type { Tx } from '../../db/open-database';
import { registrations, seriesMembers, users } from '../../db/schema';
import type { ServerContext } from '../context';
import { lockBalance } from '../credits/post-credit-transaction';
import type { PendingMail } from '../notifications/notify';
import { confirmRegistration } from './confirm-registration';
import { recordGameEvent } from './game-history';
import { brl, noticeWithEmail, when } from './game-notices';
import { loadPlaces } from './places';
import type { GameRow } from './registration-guards';

/**
 * Gives every free slot to the first in line (joined_at, then id), inside the caller's transaction
 * and under its game lock. Outside-payment games and players with enough credits are confirmed
 * (and charged the current price, never more than the one they joined the line at); others, and
 * anyone whose price rose since they joined, get the slot as `pending` with a payment deadline,
 * charged nothing until they choose to pay, after which expirePendingPayments passes it on.
 * Call it whenever a slot frees: a cancel, a removal, an expired payment, more slots. In a weekly series' game a
 * place kept for its members goes only to a member in line (the first of them), never to a drop-in (decision 046).
 */
export async function promoteWaitlist(tx: Tx, ctx: ServerContext, game: GameRow, mails: PendingMail): Promise<void> {
  const now = ctx.clock.now();
  if (game.state !== 'published' || game.status !== 'active' || !isFuture(game.dateTime, now)) return;
  // Each promotion takes one of the places free now: never more rounds than those.
  for (let rounds = (await loadPlaces(tx, game.id, now)).forMembers; rounds > 0; rounds -= 1) {
    const places = await loadPlaces(tx, game.id, now);
    if (places.forMembers <= 0) return;
    const onlyMembers =
      places.forDropIns > 0 || game.seriesId === null
        ? undefined
        : inArray(
            registrations.userId,
            tx
              .select({ userId: seriesMembers.userId })
              .from(seriesMembers)
              .where(and(eq(seriesMembers.seriesId, game.seriesId), isNull(seriesMembers.leftAt))),
          );
    const [next] = await tx
      .select({
        id: registrations.id,
        userId: registrations.userId,
        waitlistPriceCents: registrations.waitlistPriceCents,
        name: users.name,
        email: users.email,
      })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(and(eq(registrations.gameId, game.id), eq(registrations.status, 'waitlist'), onlyMembers))
      .orderBy(asc(registrations.joinedAt), asc(registrations.id))
      .limit(1);
    if (!next) return;
    const to = { id: next.userId, name: next.name, email: next.email };
    const joinedPrice = next.waitlistPriceCents ?? game.priceCents;
    const priceRose = game.usePlatformPayment && game.priceCents > joinedPrice;
    const canConfirm = !game.usePlatformPayment || (!priceRose && (await lockBalance(tx, next.userId)) >= game.priceCents);
    if (canConfirm) {
      const { paidCents, paymentType } = await confirmRegistration(tx, game, next, now, ctx.config.earnings.feePercent);
      await recordGameEvent(tx, {
        gameId: game.id,
        actorId: null,
        action: 'player_promoted',
        details: { playerId: next.userId, status: 'confirmed', cents: paidCents, paymentType },
        at: now,
      });
      await noticeWithEmail(tx, ctx, mails, {
        game,
        to,
        type: 'promoted',
        message: messages.notice.promoted(game.name, when(game), paidCents > 0 ? brl(paidCents) : null),
        subject: `Vaga confirmada: ${game.name}`,
      });
    } else {
      const deadline = paymentDeadline(now, game.dateTime);
      await tx
        .update(registrations)
        .set({ status: 'pending', paymentDeadline: deadline, updatedAt: now })
        .where(eq(registrations.id, next.id));
      await recordGameEvent(tx, {
        gameId: game.id,
        actorId: null,
        action: 'player_promoted',
        details: { playerId: next.userId, status: 'pending' },
        at: now,
      });
      await noticeWithEmail(tx, ctx, mails, {
        game,
        to,
        type: 'promotion_awaiting_payment',
        message: priceRose
          ? messages.notice.promotedAtRaisedPrice(
              game.name,
              when(game),
              brl(joinedPrice),
              brl(game.priceCents),
              formatDateTime(deadline, game.timeZone),
            )
          : messages.notice.promotedAwaitingPayment(game.name, when(game), brl(game.priceCents), formatDateTime(deadline, game.timeZone)),
        subject: `Abriu uma vaga para você: ${game.name}`,
      });
    }
  }
}
