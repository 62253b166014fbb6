import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { deliverDuePushes } from '../../src/server/core/notifications/push-delivery';
import { subscribePush } from '../../src/server/core/notifications/subscribe-push';
import { setChannels } from '../../src/server/core/notifications/update-notification-settings';
import { emailOutbox, notifications, pushOutbox, pushSubscriptions } from '../../src/server/db/schema';
import type { createSignedInUser } from './factories';
import type { FakePushService } from './push-service';

/** What the tests of avisos (decisions 077, 078) read of how one reached people. */
type Person = Awaited<ReturnType<typeof createSignedInUser>>;

const dbOf = (app: FastifyInstance) => app.ctx.db;

/** The e-mails in the outbox to `email`. */
export const mailsTo = (app: FastifyInstance, email: string) => dbOf(app).select().from(emailOutbox).where(eq(emailOutbox.to, email));

/** The notifications of avisos (of games and turmas) `userId` got. */
export const avisoNoticesOf = (app: FastifyInstance, userId: number) =>
  dbOf(app)
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.type, ['game_message', 'group_message'])));

/** The pushes still queued for `userId`'s devices, with when they may go. */
export const pushesQueuedFor = (app: FastifyInstance, userId: number) =>
  dbOf(app)
    .select({ nextAttemptAt: pushOutbox.nextAttemptAt })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));

/** A device of `person` subscribed on the fake push service. */
export async function subscribed(app: FastifyInstance, service: FakePushService, person: Person) {
  const subscription = service.subscribe();
  await subscribePush(app.ctx, person.user, subscription);
  return subscription;
}

/**
 * The rule of decision 077 for any aviso `send` sends (with no push service reached yet): `emailOff` turned e-mails of
 * avisos off and gets none, `pushOff` turned pushes off and gets none (another kind turned off changes nothing), both
 * keep the notification, and the one push delivered says `push` (title, text).
 */
export async function expectAvisoPreferences(
  app: FastifyInstance,
  service: FakePushService,
  input: { emailOff: Person; pushOff: Person; send: () => Promise<LightMyRequestResponse>; push: [string, string] },
): Promise<void> {
  const { emailOff, pushOff } = input;
  await subscribed(app, service, emailOff);
  await subscribed(app, service, pushOff);
  await setChannels(dbOf(app), emailOff.user.id, 'messages', { email: false });
  await setChannels(dbOf(app), pushOff.user.id, 'messages', { push: false });
  await setChannels(dbOf(app), emailOff.user.id, 'changes', { push: false });
  const sent = await input.send();
  expect(sent.statusCode, sent.body).toBe(201);
  expect(await avisoNoticesOf(app, emailOff.user.id)).toHaveLength(1);
  expect(await avisoNoticesOf(app, pushOff.user.id)).toHaveLength(1);
  expect(await mailsTo(app, emailOff.user.email)).toEqual([]);
  expect(await mailsTo(app, pushOff.user.email)).toHaveLength(1);
  expect(await pushesQueuedFor(app, emailOff.user.id)).toHaveLength(1);
  expect(await pushesQueuedFor(app, pushOff.user.id)).toEqual([]);
  await deliverDuePushes(app.ctx);
  expect(service.received.map((push) => [push.message.title, push.message.body])).toEqual([input.push]);
}
