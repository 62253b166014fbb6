import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { cancellationRequests, payments, registrations } from '../../src/server/db/schema';
import { createGame, createRegistration, createSignedInUser } from './factories';
import { TEST_NOW } from './test-app';

/** Test setup for the admin area: an admin, a player and an organiser (a player who created games), signed in. */
export async function signedInCast(app: FastifyInstance) {
  const admin = await createSignedInUser(app, { role: 'admin', name: 'Admin Ana' });
  const player = await createSignedInUser(app, { name: 'Jogador Paulo' });
  const organiser = await createSignedInUser(app, { name: 'Organizadora Olga' });
  await createGame(app.ctx.db, { creatorId: organiser.user.id });
  return { admin, player, organiser };
}

/**
 * A confirmed registration paid by card (or PIX) through the sandbox, with its settled payment row,
 * as the payments module leaves it.
 */
export async function cardPaidRegistration(
  app: FastifyInstance,
  input: { gameId: number; userId: number; amountCents: number; method?: 'card' | 'pix'; withPaymentRow?: boolean },
) {
  const method = input.method ?? 'card';
  const registration = await createRegistration(app.ctx.db, {
    gameId: input.gameId,
    userId: input.userId,
    status: 'confirmed',
    paymentType: method === 'card' ? 'stripe' : 'mercadopago',
    paidCents: input.amountCents,
    confirmedAt: TEST_NOW,
  });
  if (input.withPaymentRow !== false) {
    await app.ctx.db.insert(payments).values({
      publicId: `pay_${randomBytes(9).toString('hex')}`,
      userId: input.userId,
      purpose: 'game',
      gameId: input.gameId,
      registrationId: registration.id,
      method,
      provider: 'sandbox',
      providerSessionId: `sbx_${randomBytes(9).toString('hex')}`,
      providerPaymentId: `sbxpay_${randomBytes(9).toString('hex')}`,
      amountCents: input.amountCents,
      status: 'paid',
      outcome: 'confirmed',
      paidAt: TEST_NOW,
      settledAt: TEST_NOW,
    });
  }
  return registration;
}

/** A pending refund request as a player's cancellation (or an organiser's) leaves it. */
export async function pendingCancellation(
  app: FastifyInstance,
  input: { gameId: number; userId: number; amountCents: number; method?: 'card' | 'pix'; withPaymentRow?: boolean },
) {
  const registration = await cardPaidRegistration(app, input);
  await app.ctx.db.update(registrations).set({ status: 'cancelled', cancelledAt: TEST_NOW }).where(eq(registrations.id, registration.id));
  const [request] = await app.ctx.db
    .insert(cancellationRequests)
    .values({
      registrationId: registration.id,
      gameId: input.gameId,
      userId: input.userId,
      reason: 'Cancelado pelo jogador',
      amountCents: input.amountCents,
      paymentType: registration.paymentType!,
    })
    .returning();
  return { registration, request: request! };
}
