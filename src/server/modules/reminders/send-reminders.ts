import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { formatRelativeDateTime } from '../../../shared/dates';
import { gamePath, mapSearchUrl } from '../../../shared/links';
import { messages } from '../../../shared/messages';
import { REMINDER_CUTOFF_HOURS } from '../../../shared/rules/game-timing';
import type { ServerContext } from '../../core/context';
import { brl } from '../../core/games/game-notices';
import type { Job } from '../../core/jobs';
import { notify, type PendingMail, queueMail, sendPendingMail } from '../../core/notifications/notify';
import { games, registrations, users } from '../../db/schema';
import { gameNoticeEmail } from '../../integrations/mail/templates';

const HOUR_MS = 60 * 60 * 1000;
/** Reminders go out within this long of their time. */
const REMINDER_INTERVAL_MS = 60_000;
/** At most this many reminders per run: a backlog (a long outage) drains over a few runs. */
const BATCH = 500;
/**
 * Reminders claimed and written per transaction: each holds its registrations (and the KEY SHARE of their games and
 * players) until it commits, so a player cancelling at that moment waits for a few dozen reminders, not for the run.
 */
const PER_TRANSACTION = 50;

const place = (game: { location: string; address: string }) => (game.address ? `${game.location} (${game.address})` : game.location);

/**
 * Reminds every player holding a place in a game that starts within REMINDER_HOURS: a confirmed player of
 * the game, a pending one that the place is still unpaid and until when. Each registration is reminded
 * once: the conditional UPDATE that claims it (reminded_at still null) is the guard, so two instances or a
 * restart never remind twice. A registration made after the reminder time is reminded at the next run,
 * unless the game starts within REMINDER_CUTOFF_HOURS (decision 028); a game or registration cancelled
 * before then is never reminded. Returns how many reminders went out.
 */
export async function sendReminders(ctx: ServerContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  while (sent < BATCH) {
    const claimed = await remindSome(ctx, now);
    sent += claimed;
    if (claimed < PER_TRANSACTION) break;
  }
  return sent;
}

/** One transaction of the run: claims up to PER_TRANSACTION reminders due at `now`, writes them, then sends their e-mails. */
async function remindSome(ctx: ServerContext, now: Date): Promise<number> {
  const mails: PendingMail = [];
  const sent = await ctx.db.transaction(async (tx) => {
    const due = tx
      .select({ id: registrations.id })
      .from(registrations)
      .innerJoin(games, eq(games.id, registrations.gameId))
      .where(
        and(
          isNull(registrations.remindedAt),
          inArray(registrations.status, ['confirmed', 'pending']),
          eq(games.status, 'active'),
          eq(games.state, 'published'),
          gt(games.dateTime, new Date(now.getTime() + REMINDER_CUTOFF_HOURS * HOUR_MS)),
          lte(games.dateTime, new Date(now.getTime() + ctx.config.reminderHours * HOUR_MS)),
        ),
      )
      .limit(PER_TRANSACTION);
    const claimed = await tx
      .update(registrations)
      .set({ remindedAt: now })
      .from(games)
      .where(
        and(
          eq(games.id, registrations.gameId),
          inArray(registrations.id, due),
          // Checked again on the row as it is now: a run that waited for another's lock finds it reminded.
          isNull(registrations.remindedAt),
          or(
            eq(registrations.status, 'confirmed'),
            and(eq(registrations.status, 'pending'), or(isNull(registrations.paymentDeadline), gt(registrations.paymentDeadline, now))),
          ),
          eq(games.status, 'active'),
        ),
      )
      .returning({
        userId: registrations.userId,
        status: registrations.status,
        paymentDeadline: registrations.paymentDeadline,
        game: games,
      });
    if (claimed.length === 0) return 0;
    const recipients = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((row) => row.userId))]));
    const byId = new Map(recipients.map((user) => [user.id, user]));
    for (const { userId, status, paymentDeadline, game } of claimed) {
      const when = formatRelativeDateTime(game.dateTime, now, game.timeZone);
      const message =
        status === 'pending'
          ? messages.notice.reminderToPay(
              game.name,
              when,
              place(game),
              brl(game.priceCents),
              formatRelativeDateTime(paymentDeadline ?? game.dateTime, now, game.timeZone),
            )
          : messages.notice.reminder(game.name, when, place(game));
      await notify(tx, userId, 'game_reminder', message, game.id);
      const to = byId.get(userId);
      if (!to?.email) continue;
      await queueMail(
        tx,
        mails,
        gameNoticeEmail({
          to: to.email,
          name: to.name,
          subject: messages.notice.reminderSubject(game.name),
          paragraphs: [message],
          gamePath: gamePath(game.id),
          publicUrl: ctx.config.publicUrl,
          mapUrl: mapSearchUrl(game.location, game.address),
        }),
      );
    }
    return claimed.length;
  });
  // After commit: a crash before this point loses an e-mail rather than ever sending one twice.
  await sendPendingMail(ctx, mails);
  return sent;
}

/** The reminders, every minute, on the instance that leads. */
export function reminderJob(ctx: ServerContext): Job {
  return { name: 'reminders', intervalMs: REMINDER_INTERVAL_MS, run: () => sendReminders(ctx) };
}
