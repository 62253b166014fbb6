import { describe, expect, it } from 'vitest';
import {
  checkDeliveryDeadlines,
  DELIVERY_DEADLINES,
  EMAIL_CLAIM_SECONDS,
  PUSH_ATTEMPT_MS,
  PUSH_CLAIM_SECONDS,
  PUSH_REQUEST_TIMEOUT_MS,
  SMTP_ATTEMPT_MS,
} from './delivery-deadlines';
import { createSmtpTransport } from './mail/mailer';

describe('delivery deadlines', () => {
  it('the SMTP transport is built with timeouts below the attempt, and the attempt below the claim', () => {
    const transport = createSmtpTransport('smtp://127.0.0.1:2525');
    try {
      // The SMTP transport's own options, as it merged them with the URL's.
      const options = (transport.transporter as unknown as { options: Record<string, number | undefined> }).options;
      const { connectionTimeout, greetingTimeout, socketTimeout, dnsTimeout } = options;
      const built = { connectionTimeout, greetingTimeout, socketTimeout, dnsTimeout };
      for (const [name, ms] of Object.entries(built)) {
        expect(ms, name).toBeGreaterThan(0);
        expect(ms, name).toBeLessThan(SMTP_ATTEMPT_MS);
      }
      expect(SMTP_ATTEMPT_MS).toBeLessThan(EMAIL_CLAIM_SECONDS * 1000);
      expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, smtpTimeouts: built })).not.toThrow();
      // What the issue found: a claim of 120 s.
      expect(EMAIL_CLAIM_SECONDS).toBe(120);
    } finally {
      transport.close();
    }
  });

  it('the push request times out below its attempt, and the attempt below the claim', () => {
    expect(PUSH_REQUEST_TIMEOUT_MS).toBeLessThan(PUSH_ATTEMPT_MS);
    expect(PUSH_ATTEMPT_MS).toBeLessThan(PUSH_CLAIM_SECONDS * 1000);
  });

  it("refuses nodemailer's defaults (2 minutes to connect, 10 on a quiet socket) and a claim shorter than its attempt", () => {
    const defaults = { connectionTimeout: 2 * 60_000, greetingTimeout: 30_000, socketTimeout: 10 * 60_000, dnsTimeout: 30_000 };
    expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, smtpTimeouts: defaults })).toThrow(/connectionTimeout.*socketTimeout/);
    expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, smtpTimeouts: { socketTimeout: undefined } })).toThrow(/socketTimeout/);
    expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, emailClaimSeconds: SMTP_ATTEMPT_MS / 1000 })).toThrow(/reserva do e-mail/);
    expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, pushRequestTimeoutMs: PUSH_ATTEMPT_MS })).toThrow(/timeout do push/);
    expect(() => checkDeliveryDeadlines({ ...DELIVERY_DEADLINES, pushClaimSeconds: 10 })).toThrow(/reserva do push/);
  });
});
