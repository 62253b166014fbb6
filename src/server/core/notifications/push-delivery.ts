import { setMaxListeners } from 'node:events';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/dates';
import type { Db } from '../../db/open-database';
import { cities, games, groups, notifications, pushOutbox, pushSubscriptions, states } from '../../db/schema';
import { PUSH_ATTEMPT_MS, PUSH_CLAIM_SECONDS, recordWhileClaimed } from '../../integrations/delivery-deadlines';
import { retryDelaySeconds } from '../../integrations/mail/mailer';
import { type PushMessage, sendPush } from '../../integrations/push/send-push';
import { resolveVapidKeys } from '../../integrations/push/vapid-keys';
import type { ServerContext } from '../context';
import type { Metrics } from '../../lib/metrics';
import type { Job } from '../jobs';
import { isNotificationType, pushTitles } from './notification-kinds';
import { noticePath } from './notice-path';
import { pushMayGoAt } from './quiet-hours';

/** Rows one delivery claims at a time. */
const BATCH = 20;
/** How often the leader looks for pushes due: those no instance sent at once, retries, the end of the quiet hours. */
const DELIVERY_INTERVAL_MS = 5_000;
/** A push still undelivered this long after it was queued is given up: it would tell of something long past. */
export const PUSH_GIVE_UP_HOURS = 24;

export type PushDeliveryContext = Pick<ServerContext, 'db' | 'clock' | 'config' | 'log'> & Partial<Pick<ServerContext, 'metrics'>>;

/**
 * Set when this process wrote a notification, so the commit that follows starts a delivery at once; without it a
 * push waits for the job. Only a hint: a delivery that finds nothing due costs one query.
 */
let pushesMayBeDue = false;

export function notePushesMayBeDue(): void {
  pushesMayBeDue = true;
}

/** After a commit that may have queued pushes: delivers them now, in the background (the mailer's `later`). */
export function kickPushDelivery(ctx: Pick<ServerContext, 'mailer'> & PushDeliveryContext): void {
  if (!pushesMayBeDue) return;
  pushesMayBeDue = false;
  deliverPushesSoon(ctx);
}

/**
 * After a commit known to have queued pushes (the one-statement apply says whether its notices did): delivers them
 * now, in the background. A commit that queued none starts no delivery: the claim it would send finds nothing.
 */
export function deliverPushesSoon(ctx: Pick<ServerContext, 'mailer'> & PushDeliveryContext): void {
  ctx.mailer.later(async () => {
    await deliverDuePushes(ctx);
  });
}

/**
 * The service worker's notification: the title says what happened, the text is the notification's, the link its page
 * (its game's, its turma's), else the notifications.
 */
export function pushMessageOf(notification: {
  id: number;
  type: string;
  message: string;
  gameId: number | null;
  groupSlug: string | null;
}): PushMessage {
  return {
    title: isNotificationType(notification.type) ? pushTitles[notification.type] : 'Bora Jogar',
    body: notification.message,
    url: noticePath(notification) ?? '/notifications',
    tag: `notification-${notification.id}`,
  };
}

/** Whose clocks a push's quiet hours follow: its game's, else those of the turma it is about (its city's state). */
const quietHoursZone = sql<string | null>`coalesce(${games.timeZone}, (
  select ${states.timeZone} from ${cities}
  inner join ${states} on ${states.id} = ${cities.stateId}
  where ${cities.id} = ${groups.cityId}))`;

/** Claims due rows, at most BATCH, that no other delivery holds, with what sending them takes. */
async function claim(ctx: PushDeliveryContext, now: Date) {
  const due = ctx.db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      and(
        or(isNull(pushOutbox.nextAttemptAt), lte(pushOutbox.nextAttemptAt, now)),
        or(isNull(pushOutbox.claimedUntil), lte(pushOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(pushOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(pushOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${PUSH_CLAIM_SECONDS})`, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(inArray(pushOutbox.id, due))
    .returning({ id: pushOutbox.id });
  if (claimed.length === 0) return [];
  return ctx.db
    .select({
      id: pushOutbox.id,
      attempts: pushOutbox.attempts,
      paymentDeadline: pushOutbox.paymentDeadline,
      isStale: sql<boolean>`${pushOutbox.createdAt} <= now() - make_interval(hours => ${PUSH_GIVE_UP_HOURS})`,
      subscription: {
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      },
      notification: {
        id: notifications.id,
        type: notifications.type,
        message: notifications.message,
        gameId: notifications.gameId,
        groupSlug: groups.slug,
      },
      timeZone: quietHoursZone,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .innerJoin(notifications, eq(notifications.id, pushOutbox.notificationId))
    .leftJoin(games, eq(games.id, notifications.gameId))
    .leftJoin(groups, eq(groups.id, notifications.groupId))
    .where(
      inArray(
        pushOutbox.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(asc(pushOutbox.id));
}

type ClaimedPush = Awaited<ReturnType<typeof claim>>[number];

async function deliverOne(ctx: PushDeliveryContext, row: ClaimedPush, now: Date, deadline: AbortSignal, claimedAt: number): Promise<void> {
  const goesAt = ctx.config.push.quietHours ? pushMayGoAt(now, row.timeZone ?? TIME_ZONE, row.paymentDeadline) : now;
  if (goesAt > now) {
    // The quiet hours: held until they end, which is no attempt.
    await ctx.db
      .update(pushOutbox)
      .set({ nextAttemptAt: goesAt, claimedUntil: null, attempts: sql`${pushOutbox.attempts} - 1` })
      .where(eq(pushOutbox.id, row.id));
    return;
  }
  const keys = await resolveVapidKeys(ctx.db, ctx.config.push.vapid);
  const outcome = await sendPush({
    subscription: row.subscription,
    message: pushMessageOf(row.notification),
    vapid: { ...keys, subject: ctx.config.push.subject },
    allowLoopback: ctx.config.push.allowLoopback,
    signal: deadline,
    urgency: row.notification.type === 'promotion_awaiting_payment' || row.notification.type === 'member_place_pending' ? 'high' : 'normal',
  });
  const fields = { pushId: row.id, subscriptionId: row.subscription.id, attempt: row.attempts };
  switch (outcome.kind) {
    case 'sent':
      try {
        await recordWhileClaimed(() => ctx.db.delete(pushOutbox).where(eq(pushOutbox.id, row.id)), claimedAt, PUSH_CLAIM_SECONDS);
      } catch (error) {
        ctx.log.error({ ...fields, err: error }, 'push enviado e não registrado: sairá de novo, com a mesma tag');
        return;
      }
      await ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, row.subscription.id));
      return;
    case 'gone':
    case 'unsafe':
      // The subscription goes, and with it every push still queued for it.
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription.id));
      ctx.metrics?.pushEnded('gone');
      ctx.log.info(
        { ...fields, cause: outcome.kind === 'gone' ? `HTTP ${outcome.status}` : outcome.cause },
        'assinatura de push encerrada: removida',
      );
      return;
    case 'failed':
      await ctx.db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
      ctx.metrics?.pushEnded('refused');
      ctx.log.warn({ ...fields, err: outcome.error ?? outcome.cause }, 'push recusado pelo serviço de push: desistimos');
      return;
    case 'retry':
      if (row.isStale) {
        await ctx.db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
        ctx.metrics?.pushEnded('stale');
        ctx.log.error(
          { ...fields, err: outcome.error ?? outcome.cause },
          `push não enviado após ${PUSH_GIVE_UP_HOURS} h de tentativas: desistimos`,
        );
        return;
      }
      await ctx.db
        .update(pushOutbox)
        .set({
          error: outcome.cause.slice(0, 500),
          claimedUntil: null,
          nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000),
        })
        .where(eq(pushOutbox.id, row.id));
      ctx.log.warn(
        { ...fields, err: outcome.error ?? outcome.cause, retryInSeconds: retryDelaySeconds(row.attempts) },
        'falha ao enviar push: nova tentativa depois',
      );
  }
}

/** One delivery at a time per database handle; a call while one runs makes it look again before it ends. */
const running = new WeakMap<Db, { done: Promise<number>; again: boolean }>();

async function deliverAll(ctx: PushDeliveryContext, state: { again: boolean }): Promise<number> {
  let tried = 0;
  do {
    state.again = false;
    for (;;) {
      const claimedAt = Date.now();
      const rows = await claim(ctx, ctx.clock.now());
      if (rows.length === 0) break;
      const now = ctx.clock.now();
      // Counted from the claim: every push of the batch is over well before its claim lapses.
      const deadline = AbortSignal.timeout(PUSH_ATTEMPT_MS);
      // Every push of the batch listens to it (its request, its address lookup): more than Node's warning threshold.
      setMaxListeners(4 * BATCH, deadline);
      await Promise.all(rows.map((row) => deliverOne(ctx, row, now, deadline, claimedAt)));
      tried += rows.length;
      // Fewer than a batch: nothing else was due. What was queued since is another call's (`again`) or the job's.
      if (rows.length < BATCH) break;
    }
  } while (state.again);
  return tried;
}

/**
 * Delivers every push due (queued, due for a retry, or held by the quiet hours that have now ended): each row is
 * claimed (a conditional UPDATE of rows nobody else holds), so however many instances deliver at once, each push goes
 * once; it leaves the table once sent or given up. Resolves with how many rows it took.
 */
export function deliverDuePushes(ctx: PushDeliveryContext): Promise<number> {
  const current = running.get(ctx.db);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve(0) };
  state.done = deliverAll(ctx, state).finally(() => running.delete(ctx.db));
  running.set(ctx.db, state);
  return state.done;
}

/**
 * The push outbox in the metrics, as the e-mail outbox's: pushes waiting (and the oldest one's age), those retrying
 * after a failure and those held by the quiet hours. What leaves the queue undelivered is counted as it goes
 * (`push_outbox_ended_total`): a given-up push is not kept.
 */
export function registerPushOutboxMetrics(metrics: Metrics, db: Db): void {
  type PushState = { pending: number; oldestSeconds: number; retrying: number; held: number };
  let inFlight: Promise<PushState> | undefined;
  const read = async (): Promise<PushState> => {
    const [row] = await db
      .select({
        pending: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${pushOutbox.createdAt})), 0)::float8`,
        retrying: sql<number>`(count(*) filter (where ${pushOutbox.error} is not null))::int`,
        held: sql<number>`(count(*) filter (where ${pushOutbox.error} is null and ${pushOutbox.nextAttemptAt} > now()))::int`,
      })
      .from(pushOutbox);
    return row!;
  };
  const state = () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
  metrics.gauge('push_outbox_pending', 'Pushes na fila esperando envio', async () => (await state()).pending);
  metrics.gauge(
    'push_outbox_oldest_pending_seconds',
    'Idade, em segundos, do push mais antigo esperando envio',
    async () => (await state()).oldestSeconds,
  );
  metrics.gauge('push_outbox_retrying', 'Pushes esperando uma nova tentativa depois de uma falha', async () => (await state()).retrying);
  metrics.gauge('push_outbox_held', 'Pushes guardados até o fim do horário de silêncio', async () => (await state()).held);
}

/** The pushes no instance sent at once, retries and the end of the quiet hours, every 5 s, on the leader. */
export function pushDeliveryJob(ctx: PushDeliveryContext): Job {
  return { name: 'push-delivery', intervalMs: DELIVERY_INTERVAL_MS, changesReads: false, run: () => deliverDuePushes(ctx) };
}
