// What the soak's end (and every sample during it) finds true or not, read from the database and from the fakes' own
// records — what Stripe and Mercado Pago were paid and refunded, what the SMTP server and the push service received —
// never from the product's replies.
import type pg from 'pg';
import type { FakeMercadoPago } from '../../test-support/server/fake-mercadopago';
import type { FakeStripe } from '../../test-support/server/fake-stripe';
import type { FakePushService } from '../../test-support/server/push-service';
import type { SmtpInbox } from '../../test-support/server/smtp-inbox';
import type { Asked } from './workload';

export type Findings = {
  violations: string[];
  lost: number;
  duplicates: number;
  /**
   * Second copies a cut connection or a killed process could not help (see CuttingFault), each with the first copy's
   * Message-ID (an e-mail) or tag (a push, which a browser shows once): recognisable downstream, so listed apart.
   */
  redeliveries: string[];
  counts: Record<string, number>;
};

/**
 * A fault that cuts a connection or a process between a message's hand-over and its acknowledgement (or its record):
 * its sender cannot know it arrived and sends it again, with the same Message-ID or tag. Its span, from a little
 * before it began (a copy handed over just before the cut) to a little after it ended (a proxy's hung connections are
 * cut when it comes back).
 */
export type CuttingFault = { kind: string; startedAt: number; endedAt: number };
const CUT_BEFORE_MS = 5_000;
const CUT_AFTER_MS = 1_000;
const cutBy = (at: number, faults: CuttingFault[]) =>
  faults.find((fault) => at >= fault.startedAt - CUT_BEFORE_MS && at <= fault.endedAt + CUT_AFTER_MS);
const clock = (at: number) => new Date(at).toISOString().slice(11, 23);

const rowsOf = async <T>(db: pg.Pool, text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

/** The invariants that hold at every moment, not only at the end: balances against ledgers, none negative, places. */
export async function momentInvariants(db: pg.Pool): Promise<string[]> {
  const violations: string[] = [];
  const unbalanced = await rowsOf<{ id: number; balance: number; ledger: number }>(
    db,
    `select u.id, u.balance_cents as balance, coalesce(sum(t.amount_cents), 0)::int as ledger
       from users u left join credit_transactions t on t.user_id = u.id
      group by u.id having u.balance_cents <> coalesce(sum(t.amount_cents), 0) or u.balance_cents < 0`,
  );
  for (const row of unbalanced)
    violations.push(`saldo do usuário ${row.id} (${row.balance}) difere do seu extrato (${row.ledger}) ou é negativo`);
  const overbooked = await rowsOf<{ id: number; holding: number; total: number }>(
    db,
    `select g.id, g.total_slots as total,
            (select count(*)::int from registrations r where r.game_id = g.id
              and (r.status = 'confirmed' or (r.status = 'pending' and (r.payment_deadline is null or r.payment_deadline > now()))))
            + g.walk_in_count as holding
       from games g where g.status <> 'cancelled'`,
  );
  for (const row of overbooked.filter((game) => game.holding > game.total))
    violations.push(`jogo ${row.id} com ${row.holding} lugares ocupados de ${row.total}`);
  return violations;
}

/** Money at the providers against the ledger: each payment credited once, each refund once, nothing paid and lost. */
async function providerMoney(db: pg.Pool, stripe: FakeStripe, mp: FakeMercadoPago, violations: string[], counts: Record<string, number>) {
  type PaymentRow = { id: number; provider: string; session: string | null; settled: boolean; outcome: string | null; credits: number };
  const payments = await rowsOf<PaymentRow>(
    db,
    `select p.id, p.provider, p.provider_session_id as session, p.settled_at is not null as settled, p.outcome,
            (select count(*)::int from credit_transactions t where t.reference = 'payment:' || p.id and t.type in ('add_stripe', 'add_pix')) as credits
       from payments p`,
  );
  const bySession = new Map(payments.map((row) => [`${row.provider}:${row.session}`, row]));
  let paidAtProviders = 0;
  const expectSettled = (key: string, what: string) => {
    paidAtProviders += 1;
    const row = bySession.get(key);
    if (!row) return violations.push(`${what}: pago no provedor e sem pagamento no banco`);
    if (!row.settled) return violations.push(`${what}: pago no provedor e nunca lançado (pagamento ${row.id})`);
    const expected = row.outcome === 'credited' ? 1 : 0;
    if (row.credits !== expected) violations.push(`${what}: ${row.credits} créditos lançados, esperado ${expected} (${row.outcome})`);
    return undefined;
  };
  for (const session of stripe.sessions.values())
    if (session.payment_status === 'paid') expectSettled(`stripe:${session.id}`, `sessão Stripe ${session.id}`);
  for (const payment of mp.payments.values())
    if (payment.status === 'approved' && payment.preference_id)
      expectSettled(`mercadopago:${payment.preference_id}`, `pagamento Mercado Pago ${payment.id}`);
  counts.paidAtProviders = paidAtProviders;

  // Refunds: every one the providers made is one row here, succeeded; none exceeds what was paid.
  const refunds = await rowsOf<{ id: number; status: string; providerRefundId: string | null }>(
    db,
    `select id, status, provider_refund_id as "providerRefundId" from payment_refunds where destination = 'provider'`,
  );
  const byProviderId = new Map<string, number>();
  for (const row of refunds) {
    if (row.status === 'pending') violations.push(`reembolso ${row.id} ainda pendente no fim`);
    if (row.providerRefundId) byProviderId.set(row.providerRefundId, (byProviderId.get(row.providerRefundId) ?? 0) + 1);
  }
  const providerRefunds = [...stripe.refunds.map((r) => r.id), ...mp.refunds.map((r) => String(r.id))];
  for (const id of providerRefunds) {
    const n = byProviderId.get(id) ?? 0;
    if (n !== 1) violations.push(`reembolso ${id} do provedor aparece ${n} vezes no banco`);
  }
  for (const intent of stripe.paymentIntents.values())
    if (intent.amount_refunded > intent.amount)
      violations.push(`Stripe devolveu ${intent.amount_refunded} de ${intent.amount} (${intent.id})`);
  for (const payment of mp.payments.values())
    if (payment.transaction_amount_refunded > payment.transaction_amount)
      violations.push(`Mercado Pago devolveu ${payment.transaction_amount_refunded} de ${payment.transaction_amount} (${payment.id})`);
  counts.providerRefunds = providerRefunds.length;
}

/** Organisers' earnings: each share sold once and taken back at most once; the balance is sales less refunds less payouts. */
async function earnings(db: pg.Pool, violations: string[], counts: Record<string, number>) {
  const refundedTwice = await rowsOf<{ registration: number }>(
    db,
    `select registration_id as registration from organiser_earnings where registration_id is not null
      group by registration_id
     having count(*) filter (where kind = 'refund') > count(*) filter (where kind in ('sale', 'refund_reversed'))`,
  );
  for (const row of refundedTwice) violations.push(`inscrição ${row.registration}: parte do organizador devolvida mais vezes que vendida`);
  // A credit refund of a sold place takes the organiser's share back, and only then.
  const unmatched = await rowsOf<{ registration: number; credited: number; taken: number }>(
    db,
    `select e.registration_id as registration,
            (select count(*)::int from credit_transactions t where t.type = 'refund' and t.reference = 'registration:' || e.registration_id) as credited,
            count(*) filter (where e.kind = 'refund')::int as taken
       from organiser_earnings e
      where e.registration_id is not null
        and exists (select 1 from registrations r where r.id = e.registration_id and r.payment_type = 'credit')
      group by e.registration_id`,
  );
  for (const row of unmatched.filter((r) => r.credited !== r.taken))
    violations.push(`inscrição ${row.registration}: ${row.credited} reembolsos em créditos, ${row.taken} partes retiradas do organizador`);
  const payouts = await rowsOf<{ id: number; status: string; amount: number; rows: number; net: number }>(
    db,
    `select p.id, p.status, p.amount_cents as amount, count(e.id)::int as rows, coalesce(sum(e.net_cents), 0)::int as net
       from payouts p left join organiser_earnings e on e.payout_id = p.id group by p.id`,
  );
  for (const payout of payouts) {
    const expected = payout.status === 'paid' ? 1 : 0;
    if (payout.rows !== expected || (expected === 1 && payout.net !== -payout.amount))
      violations.push(`repasse ${payout.id} (${payout.status}, ${payout.amount}): ${payout.rows} lançamentos somando ${payout.net}`);
  }
  const organisers = await rowsOf<{ organiser: number; balance: number; sales: number; refunds: number; reversed: number; paid: number }>(
    db,
    `select e.organiser_id as organiser, sum(e.net_cents)::int as balance,
            coalesce(sum(e.net_cents) filter (where kind = 'sale'), 0)::int as sales,
            coalesce(sum(-e.net_cents) filter (where kind = 'refund'), 0)::int as refunds,
            coalesce(sum(e.net_cents) filter (where kind = 'refund_reversed'), 0)::int as reversed,
            (select coalesce(sum(amount_cents), 0)::int from payouts p where p.organiser_id = e.organiser_id and p.status = 'paid') as paid
       from organiser_earnings e group by e.organiser_id`,
  );
  for (const row of organisers)
    if (row.balance !== row.sales - row.refunds + row.reversed - row.paid)
      violations.push(
        `organizador ${row.organiser}: saldo ${row.balance} ≠ vendas ${row.sales} − reembolsos ${row.refunds} + estornos ${row.reversed} − repasses ${row.paid}`,
      );
  counts.payoutsPaid = payouts.filter((p) => p.status === 'paid').length;
  counts.sales = (await rowsOf<{ n: number }>(db, `select count(*)::int as n from organiser_earnings where kind = 'sale'`))[0]!.n;
}

/** E-mails: every outbox row reached the SMTP server once (by Message-ID); every code asked for came, once. */
function mail(
  outbox: { messageId: string | null; to: string; subject: string; sent: boolean; failed: boolean }[],
  inbox: SmtpInbox,
  asked: Asked,
  cuts: CuttingFault[],
  findings: Findings,
) {
  const received = new Map<string, number[]>();
  for (const message of inbox.messages) {
    const id = /<([^@>]+)@/.exec(message.headers['message-id'] ?? '')?.[1] ?? '';
    received.set(id, [...(received.get(id) ?? []), Date.parse(message.receivedAt)]);
  }
  for (const row of outbox) {
    const copies = row.messageId ? (received.get(row.messageId) ?? []) : [];
    const n = copies.length;
    const cut = n === 2 ? cutBy(copies[0]!, cuts) : undefined;
    if (cut) {
      findings.redeliveries.push(`e-mail ${row.messageId} para ${row.to} ("${row.subject}") às ${clock(copies[0]!)}, durante ${cut.kind}`);
    } else if (n === 0) {
      findings.lost += 1;
      findings.violations.push(
        `e-mail ${row.messageId} para ${row.to} ("${row.subject}") não chegou (${row.failed ? 'desistido' : row.sent ? 'dado como enviado' : 'ainda na fila'})`,
      );
    } else if (n > 1) {
      findings.duplicates += n - 1;
      findings.violations.push(
        `e-mail ${row.messageId} para ${row.to} ("${row.subject}") chegou ${n} vezes: ${copies.map(clock).join(', ')}`,
      );
    }
  }
  const known = new Set(outbox.map((row) => row.messageId));
  for (const id of received.keys()) if (!known.has(id)) findings.violations.push(`e-mail ${id} recebido e sem linha na fila`);

  const codes = new Map<string, Set<string>>();
  for (const message of inbox.messages.filter((m) => m.subject.startsWith('Seu código de recuperação'))) {
    for (const to of message.recipients) codes.set(to, (codes.get(to) ?? new Set()).add(message.headers['message-id'] ?? ''));
  }
  for (const [email, { accepted, unknown }] of asked.codes) {
    const n = codes.get(email)?.size ?? 0;
    if (n < accepted) {
      findings.lost += accepted - n;
      findings.violations.push(`${email}: ${accepted} códigos pedidos e aceitos, ${n} recebidos`);
    } else if (n > accepted + unknown) {
      findings.duplicates += n - accepted - unknown;
      findings.violations.push(`${email}: ${accepted} códigos pedidos (${unknown} sem resposta), ${n} recebidos`);
    }
  }
  for (const email of asked.strangers) if (codes.has(email)) findings.violations.push(`${email}, sem conta, recebeu um código`);
  findings.counts.emails = outbox.length;
  findings.counts.codesAsked = [...asked.codes.values()].reduce((sum, c) => sum + c.accepted, 0);
}

/** Pushes: at most one per notification per device; none left waiting for a device that still exists. */
async function pushes(db: pg.Pool, push: FakePushService, cuts: CuttingFault[], findings: Findings) {
  const seen = new Map<string, number[]>();
  for (const received of push.received) {
    const key = `${received.subscriptionId} ${received.message.tag}`;
    seen.set(key, [...(seen.get(key) ?? []), received.receivedAt]);
  }
  for (const [key, copies] of seen) {
    const n = copies.length;
    const cut = n === 2 ? cutBy(copies[0]!, cuts) : undefined;
    if (cut) findings.redeliveries.push(`push ${key} às ${clock(copies[0]!)}, durante ${cut.kind}`);
    else if (n > 1) {
      findings.duplicates += n - 1;
      findings.violations.push(`push ${key} chegou ${n} vezes ao aparelho: ${copies.map(clock).join(', ')}`);
    }
  }
  const waiting = await rowsOf<{ n: number }>(db, `select count(*)::int as n from push_outbox`);
  if (waiting[0]!.n > 0) {
    findings.lost += waiting[0]!.n;
    findings.violations.push(`${waiting[0]!.n} pushes ainda na fila no fim`);
  }
  if (push.rejected.length > 0) findings.violations.push(`o serviço de push recusou ${push.rejected.length}: ${push.rejected[0]!.reason}`);
  findings.counts.pushes = push.received.length;
}

export async function checkEnd(
  db: pg.Pool,
  fakes: { stripe: FakeStripe; mp: FakeMercadoPago; inbox: SmtpInbox; push: FakePushService },
  asked: Asked,
  /** The faults that cut connections or processes, when they began and ended (ms since the epoch). */
  cuts: CuttingFault[],
): Promise<Findings> {
  const findings: Findings = { violations: await momentInvariants(db), lost: 0, duplicates: 0, redeliveries: [], counts: {} };
  await providerMoney(db, fakes.stripe, fakes.mp, findings.violations, findings.counts);
  await earnings(db, findings.violations, findings.counts);
  const outbox = await rowsOf<{ messageId: string | null; to: string; subject: string; sent: boolean; failed: boolean }>(
    db,
    `select message_id::text as "messageId", "to", subject, sent_at is not null as sent, failed_at is not null as failed from email_outbox`,
  );
  mail(outbox, fakes.inbox, asked, cuts, findings);
  const requests = await rowsOf<{ n: number }>(db, `select count(*)::int as n from mail_requests`);
  if (requests[0]!.n > 0) {
    findings.lost += requests[0]!.n;
    findings.violations.push(`${requests[0]!.n} pedidos de e-mail nunca atendidos`);
  }
  await pushes(db, fakes.push, cuts, findings);
  return findings;
}
