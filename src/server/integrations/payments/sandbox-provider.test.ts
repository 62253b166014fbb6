import { beforeEach, describe, expect, test } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { WebhookSignatureError, type CheckoutInput } from './provider';
import { createSandboxProvider, type SandboxSession, type SandboxSessionStore } from './sandbox/sandbox-provider';

const clock = fixedClock(new Date('2026-11-20T12:00:00.000Z'));
const SECRET = 'sandbox-secret-shared-by-every-instance';

/** Stands in for the payments table the wiring will read. */
const rows = new Map<string, SandboxSession>();
const store: SandboxSessionStore = { find: async (sessionId) => rows.get(sessionId) ?? null };

const input: CheckoutInput = {
  reference: '5',
  amountCents: 3000,
  description: 'Vôlei de domingo',
  payerEmail: 'caio@example.com',
  successUrl: 'http://localhost:3000/pagamentos/5/retorno',
  cancelUrl: 'http://localhost:3000/pagamentos/5/cancelado',
  notificationUrl: 'http://localhost:3000/api/webhooks/sandbox',
};

const make = (secret = SECRET) =>
  createSandboxProvider({ method: 'card', publicUrl: 'http://localhost:3000/', store, webhookSecret: secret, clock });

async function checkout() {
  const sandbox = make();
  const { sessionId, url } = await sandbox.createCheckout(input);
  rows.set(sessionId, { sessionId, reference: input.reference, amountCents: input.amountCents, status: 'pending' });
  return { sandbox, sessionId, url };
}

beforeEach(() => {
  clock.set(new Date('2026-11-20T12:00:00.000Z'));
});

describe('sandbox provider', () => {
  test('createCheckout returns a fresh sbx_ id and a page on our own app, without keeping anything', async () => {
    const sandbox = make();
    const first = await sandbox.createCheckout(input);
    const second = await sandbox.createCheckout(input);
    expect(first.sessionId).toMatch(/^sbx_[A-Za-z0-9_-]{24}$/);
    expect(first.url).toBe(`http://localhost:3000/sandbox/checkout/${first.sessionId}`);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await sandbox.getPayment(first.sessionId)).toBeNull();
  });

  test('"paying" yields a signed delivery that any instance turns into a paid payment, like a webhook', async () => {
    const { sandbox, sessionId } = await checkout();
    const delivery = sandbox.simulatePayment(sessionId, 'paid');

    const otherInstance = make();
    const result = await otherInstance.handleWebhook(delivery);

    expect(result).toEqual({
      kind: 'payment',
      eventId: expect.stringMatching(/^sbxevt_/),
      payment: {
        provider: 'sandbox',
        providerPaymentId: `sbxpay_${sessionId.slice(4)}`,
        sessionId,
        status: 'paid',
        providerStatus: 'paid',
        amountCents: 3000,
        currency: 'BRL',
        reference: '5',
      },
    });
  });

  test('a failed outcome reports failed', async () => {
    const { sandbox, sessionId } = await checkout();
    expect(await sandbox.handleWebhook(sandbox.simulatePayment(sessionId, 'failed'))).toMatchObject({
      kind: 'payment',
      payment: { status: 'failed' },
    });
  });

  test('tampered, foreign-secret and stale deliveries are refused', async () => {
    const { sandbox, sessionId } = await checkout();
    const delivery = sandbox.simulatePayment(sessionId, 'failed');
    await expect(sandbox.handleWebhook({ ...delivery, rawBody: delivery.rawBody.replace('"failed"', '"paid"') })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(make('another-secret').handleWebhook(sandbox.simulatePayment(sessionId, 'paid'))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const old = sandbox.simulatePayment(sessionId, 'paid');
    clock.advance(301_000);
    await expect(sandbox.handleWebhook(old)).rejects.toThrow(/tolerance/);
    await expect(sandbox.handleWebhook({ ...old, headers: {} })).rejects.toThrow(/missing x-sandbox-signature/);
  });

  test('a delivery for a session the store does not know is ignored', async () => {
    const sandbox = make();
    const result = await sandbox.handleWebhook(sandbox.simulatePayment('sbx_unknownunknownunknown', 'paid'));
    expect(result).toMatchObject({ kind: 'ignored', reason: 'unknown sandbox session sbx_unknownunknownunknown' });
  });

  test('getPayment and findCheckoutPayment read the status from the store', async () => {
    const { sandbox, sessionId } = await checkout();
    expect(await sandbox.getPayment(sessionId)).toMatchObject({ status: 'pending', providerPaymentId: null });
    rows.set(sessionId, { ...rows.get(sessionId)!, status: 'paid' });
    expect(await sandbox.findCheckoutPayment({ sessionId, reference: '5' })).toMatchObject({
      status: 'paid',
      providerPaymentId: `sbxpay_${sessionId.slice(4)}`,
    });
    expect(await sandbox.getPayment('cs_test_not_sandbox')).toBeNull();
  });

  test('refund returns a sandbox refund id and refuses other ids', async () => {
    const sandbox = make();
    expect((await sandbox.refund('sbxpay_abcdefabcdefabcdef', 1000)).refundId).toMatch(/^sbxre_/);
    await expect(sandbox.refund('pi_123', 1000)).rejects.toThrow(RangeError);
    await expect(sandbox.refund('sbxpay_abcdefabcdefabcdef', -1)).rejects.toThrow(RangeError);
  });
});
