import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { cancellationRequests } from '../../db/schema';
import type { ServerContext } from '../context';
import { PROCESSING, refundAtProvider } from '../games/refund-in-full';
import type { Job } from '../jobs';
import { type PendingMail, sendPendingMail } from '../notifications/notify';
import { checkoutsToCloseAtProviders, closeWithProviders } from './close-checkouts';

/** How often the leader finishes what a commit left to the providers. */
const RETRY_INTERVAL_MS = 60_000;
/** A refund younger than this is still the business of the request that promised it. */
const REFUND_GRACE_SECONDS = 60;
/** At most this many of each per run: a long outage's backlog drains over a few runs. */
const BATCH = 50;

/**
 * Finishes the provider calls that follow a commit, when the process that committed died first or the provider was
 * down: card and PIX refunds promised as under way (a cancellation request still `processing`), and checkouts closed
 * here but not yet at Stripe. Each is keyed (the refund's idempotency key, the session id), so a second try never
 * refunds twice; a refund the provider refuses for good goes back to the administrator, as at once.
 */
export async function retryAfterCommitCalls(ctx: ServerContext): Promise<{ refunds: number; checkouts: number }> {
  const stuck = await ctx.db
    .select({ requestId: cancellationRequests.id })
    .from(cancellationRequests)
    .where(
      and(
        eq(cancellationRequests.status, 'pending'),
        eq(cancellationRequests.resolution, PROCESSING),
        lte(cancellationRequests.createdAt, sql`now() - make_interval(secs => ${REFUND_GRACE_SECONDS})`),
      ),
    )
    .orderBy(asc(cancellationRequests.id))
    .limit(BATCH);
  const mails: PendingMail = [];
  if (stuck.length > 0) await refundAtProvider(ctx, stuck, mails);
  await sendPendingMail(ctx, mails);
  const checkouts = await checkoutsToCloseAtProviders(ctx, BATCH);
  await closeWithProviders(ctx, checkouts);
  return { refunds: stuck.length, checkouts: checkouts.length };
}

export function afterCommitRetryJob(ctx: ServerContext): Job {
  return { name: 'provider-retries', intervalMs: RETRY_INTERVAL_MS, run: () => retryAfterCommitCalls(ctx) };
}
