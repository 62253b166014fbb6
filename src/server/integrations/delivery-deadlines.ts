/**
 * How long one delivery attempt may take, and how long a claimed outbox row is left to the instance that claimed it,
 * stated once (issue 41). A claim must outlast its attempt: a row whose claim lapses while its attempt is still going is
 * another instance's to send, and the message goes twice. nodemailer's own defaults wait up to 2 minutes to connect and
 * 10 minutes on a quiet socket, longer than any claim; here every transport timeout is below its attempt's deadline,
 * each attempt is ended at that deadline whatever the far side does (its connection closed), and each claim is derived
 * from its attempt's deadline. `checkDeliveryDeadlines` holds the rule; it runs as this module loads.
 */

/** nodemailer's own timeouts (ms): connecting (its DNS lookup included), the server's greeting, a quiet socket. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 } as const;
/** An SMTP attempt is over by then (ms): its connection is closed however slowly the server keeps answering. */
export const SMTP_ATTEMPT_MS = 60_000;
/** A push service's quiet socket (ms). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** A push attempt (its endpoint's address checked, the request and its answer) is over by then (ms). */
export const PUSH_ATTEMPT_MS = 30_000;

/**
 * A claim lasts its attempt's deadline twice over: the attempt, then as long again to record what happened on a slow
 * database or a busy event loop. A crashed instance's rows wait this long before another instance tries them.
 */
const CLAIM_OVER_ATTEMPT = 2;
export const EMAIL_CLAIM_SECONDS = (CLAIM_OVER_ATTEMPT * SMTP_ATTEMPT_MS) / 1000;
export const PUSH_CLAIM_SECONDS = (CLAIM_OVER_ATTEMPT * PUSH_ATTEMPT_MS) / 1000;

export type DeliveryDeadlines = {
  smtpTimeouts: Record<string, number | undefined>;
  smtpAttemptMs: number;
  emailClaimSeconds: number;
  pushRequestTimeoutMs: number;
  pushAttemptMs: number;
  pushClaimSeconds: number;
};

/** The rule, for these values or others (a transport's options as built): throws naming what breaks it. */
export function checkDeliveryDeadlines(deadlines: DeliveryDeadlines): void {
  const broken: string[] = [];
  for (const [name, ms] of Object.entries(deadlines.smtpTimeouts)) {
    if (ms === undefined || !(ms > 0) || ms >= deadlines.smtpAttemptMs)
      broken.push(`SMTP ${name} (${ms} ms) >= a tentativa (${deadlines.smtpAttemptMs} ms)`);
  }
  if (deadlines.smtpAttemptMs >= deadlines.emailClaimSeconds * 1000)
    broken.push(`a tentativa SMTP (${deadlines.smtpAttemptMs} ms) >= a reserva do e-mail (${deadlines.emailClaimSeconds} s)`);
  if (!(deadlines.pushRequestTimeoutMs > 0) || deadlines.pushRequestTimeoutMs >= deadlines.pushAttemptMs)
    broken.push(`o timeout do push (${deadlines.pushRequestTimeoutMs} ms) >= a tentativa (${deadlines.pushAttemptMs} ms)`);
  if (deadlines.pushAttemptMs >= deadlines.pushClaimSeconds * 1000)
    broken.push(`a tentativa de push (${deadlines.pushAttemptMs} ms) >= a reserva do push (${deadlines.pushClaimSeconds} s)`);
  if (broken.length > 0) throw new Error(`prazos de entrega incoerentes: ${broken.join('; ')}`);
}

export const DELIVERY_DEADLINES: DeliveryDeadlines = {
  smtpTimeouts: SMTP_TIMEOUTS,
  smtpAttemptMs: SMTP_ATTEMPT_MS,
  emailClaimSeconds: EMAIL_CLAIM_SECONDS,
  pushRequestTimeoutMs: PUSH_REQUEST_TIMEOUT_MS,
  pushAttemptMs: PUSH_ATTEMPT_MS,
  pushClaimSeconds: PUSH_CLAIM_SECONDS,
};

checkDeliveryDeadlines(DELIVERY_DEADLINES);

/** How often recording a delivery is tried again while the database does not answer (ms). */
const RECORD_RETRY_MS = 250;
/** A record is given up this long before its claim lapses (ms): the database's clock and ours may differ a little. */
const RECORD_MARGIN_MS = 5_000;

/**
 * Records that a message went out (`write`), trying again while the database does not answer (a restart, a failover)
 * for as long as the claim taken at `claimedAt` (this process's clock, read before the claim) keeps the message from
 * other instances: a message sent and not recorded would be sent again once its claim lapsed. Throws the last failure
 * when the claim is about to end.
 */
export async function recordWhileClaimed<T>(write: () => Promise<T>, claimedAt: number, claimSeconds: number): Promise<T> {
  const until = claimedAt + claimSeconds * 1000 - RECORD_MARGIN_MS;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + RECORD_RETRY_MS >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}
