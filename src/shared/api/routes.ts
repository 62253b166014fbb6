import {
  addCreditsBodySchema as adminAddCreditsBodySchema,
  addCreditsReplySchema as adminAddCreditsReplySchema,
  addCityBodySchema,
  addCityReplySchema,
  adminCitiesReplySchema,
  adminGameDetailSchema,
  adminGameReplySchema,
  adminGamesQuerySchema,
  adminGamesReplySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersReplySchema,
  cancellationsQuerySchema,
  cancellationsReplySchema,
  confirmRefundBodySchema,
  dashboardReplySchema,
  deleteGameReplySchema,
  idempotencyHeadersSchema,
  removePlayerReplySchema,
  resolveCancellationBodySchema,
  resolveCancellationReplySchema,
  userLookupQuerySchema,
  userLookupReplySchema,
  userParamsSchema,
  userPaymentsQuerySchema,
  userPaymentsReplySchema,
} from '../schemas/admin';
import {
  authConfigReplySchema,
  authReplySchema,
  forgotBodySchema,
  forgotReplySchema,
  googleBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '../schemas/auth';
import { calendarFeedParamsSchema, calendarFeedReplySchema, regenerateCalendarFeedReplySchema } from '../schemas/calendars';
import { idParamsSchema, messageReplySchema } from '../schemas/common';
import {
  adminPayoutReplySchema,
  adminPayoutsQuerySchema,
  adminPayoutsReplySchema,
  earningsReplySchema,
  markPayoutPaidBodySchema,
  payoutKeyBodySchema,
  payoutKeyReplySchema,
  rejectPayoutBodySchema,
  requestPayoutBodySchema,
  requestPayoutReplySchema,
  payoutSchema,
  savePayoutKeyReplySchema,
} from '../schemas/earnings';
import {
  connectPaymentAccountReplySchema,
  mercadoPagoCallbackQuerySchema,
  paymentAccountProviderParamsSchema,
  paymentAccountsReplySchema,
} from '../schemas/payment-accounts';
import {
  cancelTopUpBodySchema,
  cancelTopUpReplySchema,
  addCreditsReplySchema,
  cardCheckoutReplySchema,
  creditsConfigReplySchema,
  pixCheckoutReplySchema,
  topUpBodySchema,
  verifyPaymentQuerySchema,
  verifyPaymentReplySchema,
} from '../schemas/credits';
import {
  drawTeamsBodySchema,
  drawTeamsReplySchema,
  paymentsReportQuerySchema,
  updatePlayerBodySchema,
  updatePlayerReplySchema,
} from '../schemas/game-day';
import { gameHistoryReplySchema, gameListTextSchema } from '../schemas/game-history';
import {
  gameMessagesReplySchema,
  groupMessagesReplySchema,
  muteGroupBodySchema,
  muteGroupReplySchema,
  sendGameMessageBodySchema,
  sendGameMessageReplySchema,
  sendGroupMessageBodySchema,
  sendGroupMessageReplySchema,
} from '../schemas/game-messages';
import {
  applyBodySchema,
  applyReplySchema,
  brazilianStateSchema,
  cancelGameCheckoutReplySchema,
  cancelReplySchema,
  citiesQuerySchema,
  citySchema,
  gameEventsQuerySchema,
  gameSchema,
  listGamesQuerySchema,
  privateLinkParamsSchema,
  privateLinkSchema,
  sportSchema,
  waitlistBodySchema,
  waitlistReplySchema,
} from '../schemas/games';
import {
  adminGroupDetailSchema,
  adminGroupReplySchema,
  adminGroupsQuerySchema,
  adminGroupsReplySchema,
  createGroupBodySchema,
  updateGroupBodySchema,
  groupMemberParamsSchema,
  groupMemberReplySchema,
  groupMembersReplySchema,
  groupPageQuerySchema,
  groupPageSchema,
  groupReplySchema,
  groupSchema,
  groupSlugParamsSchema,
  inviteLinkReplySchema,
  joinGroupBodySchema,
  joinGroupReplySchema,
  listGroupsQuerySchema,
  myGroupsReplySchema,
  suspendGroupBodySchema,
  updateGroupMemberBodySchema,
} from '../schemas/groups';
import { invitationSchema, invitationStatsReplySchema } from '../schemas/invitations';
import { retentionReplySchema } from '../schemas/privacy';
import {
  listNotificationsQuerySchema,
  markAllReadReplySchema,
  markReadReplySchema,
  notificationSchema,
  unreadCountReplySchema,
} from '../schemas/notifications';
import {
  notificationSettingsSchema,
  unsubscribeBodySchema,
  unsubscribeParamsSchema,
  updateNotificationSettingsBodySchema,
} from '../schemas/notification-settings';
import { pushPublicKeyReplySchema, pushSubscriptionBodySchema, removePushSubscriptionBodySchema } from '../schemas/push';
import {
  cancelSeriesBodySchema,
  createSeriesBodySchema,
  joinSeriesReplySchema,
  leaveSeriesReplySchema,
  seriesDetailSchema,
  seriesMemberParamsSchema,
  seriesReplySchema,
  seriesMembershipSchema,
  seriesSchema,
  updateSeriesBodySchema,
} from '../schemas/series';
import {
  cancelUserGameBodySchema,
  cancelUserGameReplySchema,
  createUserGameBodySchema,
  gamePayloadSchema,
  inviteByEmailBodySchema,
  inviteByEmailReplySchema,
  listUserGamesQuerySchema,
  unpublishUserGameBodySchema,
  updateUserGameBodySchema,
  userGameDetailSchema,
  userGameReplySchema,
  userGameSchema,
  addWalkInBodySchema,
  removeGamePlayerReplySchema,
  walkInParamsSchema,
  updateWalkInReplySchema,
  walkInReplySchema,
} from '../schemas/user-games';
import {
  changePasswordBodySchema,
  changePasswordReplySchema,
  deleteMeBodySchema,
  deleteMeReplySchema,
  exportReplySchema,
  historyQuerySchema,
  historyReplySchema,
  meReplySchema,
  phoneBodySchema,
  phoneReplySchema,
  updateMeBodySchema,
  updateMeReplySchema,
} from '../schemas/users';
import { z } from '../schemas/z';
import type { HttpMethod } from './route-key';

/**
 * What one route of the API takes and gives: its path parameters, query string, body and headers, and its
 * success reply (sent with `status`, 200 when absent). `produces` marks a reply that is not JSON: a file
 * (CSV, iCalendar), a page or a Server-Sent Events stream; `consumes`, a body that is not JSON (a form); `rawBody`, a
 * body read as the bytes received, described for OpenAPI and never validated (a provider's signed notification).
 */
export type RouteContract = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  rawBody?: z.ZodType;
  headers?: z.ZodType;
  reply: z.ZodType;
  /** 201 for a creation; 303 for a browser sent on to a page of the app (`Location`), with no body. */
  status?: 201 | 303;
  produces?: 'text/csv' | 'text/calendar' | 'text/html' | 'text/event-stream' | 'text/plain';
  consumes?: readonly ['application/x-www-form-urlencoded', 'multipart/form-data'];
};

const healthReplySchema = z.object({ status: z.literal('ok') });
const webhookReplySchema = z.object({ received: z.literal(true) });
const stripeEventSchema = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .describe('Um evento da Stripe, como ela o envia; o cabeçalho Stripe-Signature assina os bytes recebidos');
const mercadoPagoEventSchema = z
  .looseObject({
    type: z.string().optional(),
    action: z.string().optional(),
    data: z.looseObject({ id: z.union([z.string(), z.number()]) }).optional(),
  })
  .describe(
    'Uma notificação do Mercado Pago, como ele a envia (data.id e type também na query); x-signature assina o data.id e o x-request-id',
  );

/** Fastify hands a missing body to the validator as null: a route whose body may be left out accepts it. */
const omissible = <S extends z.ZodType>(schema: S) => schema.nullish();

/** A file or a stream: the text as it is sent. */
const text = (description: string) => z.string().describe(description);

/**
 * Every route the server serves under /api, keyed `'METHOD /path'` with the path as Fastify declares it
 * (`:name` is one segment), below the /api prefix. The server registers each route from its entry
 * (http/route-helpers.ts) and the web client's calls are typed by it (web/lib/api-client.ts).
 */
export const apiRoutes = {
  'GET /health': { reply: healthReplySchema },
  'GET /health/ready': { reply: healthReplySchema },

  'GET /auth/config': { reply: authConfigReplySchema },
  'POST /auth/register': { body: registerBodySchema, reply: authReplySchema, status: 201 },
  'POST /auth/login': { body: loginBodySchema, reply: authReplySchema },
  'POST /auth/forgot': { body: forgotBodySchema, reply: forgotReplySchema },
  'POST /auth/reset-password': { body: resetPasswordBodySchema, reply: messageReplySchema },
  'POST /auth/google': { body: googleBodySchema, reply: authReplySchema },

  'GET /users/me': { reply: meReplySchema },
  'GET /users/me/history': { query: historyQuerySchema, reply: historyReplySchema },
  'PUT /users/phone': { body: phoneBodySchema, reply: phoneReplySchema },
  'PUT /users/me': { body: updateMeBodySchema, reply: updateMeReplySchema },
  'POST /users/me/password': { body: changePasswordBodySchema, reply: changePasswordReplySchema },
  'GET /users/me/export': { reply: exportReplySchema },
  'DELETE /users/me': { body: deleteMeBodySchema, reply: deleteMeReplySchema },
  'GET /users/me/calendar': { reply: calendarFeedReplySchema },
  'POST /users/me/calendar/regenerate': { reply: regenerateCalendarFeedReplySchema },
  'GET /users/me/payout-key': { reply: payoutKeyReplySchema },
  'PUT /users/me/payout-key': { body: payoutKeyBodySchema, reply: savePayoutKeyReplySchema },
  'GET /users/me/payment-accounts': { reply: paymentAccountsReplySchema },
  'POST /users/me/payment-accounts/:provider': { params: paymentAccountProviderParamsSchema, reply: connectPaymentAccountReplySchema },
  'DELETE /users/me/payment-accounts/:provider': { params: paymentAccountProviderParamsSchema, reply: messageReplySchema },
  // Where Mercado Pago's authorisation page sends the organiser's browser back: always on to the earnings page.
  'GET /payment-accounts/mercadopago/callback': {
    query: mercadoPagoCallbackQuerySchema,
    reply: text('Sem corpo: Location leva a /my-games/earnings?conta=mercadopago&resultado=…'),
    status: 303,
  },
  'GET /calendar/:token.ics': {
    params: calendarFeedParamsSchema,
    reply: text('VCALENDAR com um VEVENT por jogo'),
    produces: 'text/calendar',
  },
  'POST /users/me/push-subscriptions': { body: pushSubscriptionBodySchema, reply: messageReplySchema, status: 201 },
  'DELETE /users/me/push-subscriptions': { body: removePushSubscriptionBodySchema, reply: messageReplySchema },
  'GET /users/me/notification-settings': { reply: notificationSettingsSchema },
  'PUT /users/me/notification-settings': { body: updateNotificationSettingsBodySchema, reply: notificationSettingsSchema },
  'GET /push/public-key': { reply: pushPublicKeyReplySchema },
  // The link of an e-mail's footer and List-Unsubscribe header: pages, and the one-click form a mail program posts.
  'GET /unsubscribe/:token': {
    params: unsubscribeParamsSchema,
    reply: text('Página que pergunta antes de desligar os e-mails'),
    produces: 'text/html',
  },
  'POST /unsubscribe/:token': {
    params: unsubscribeParamsSchema,
    body: omissible(unsubscribeBodySchema),
    reply: text('Página que confirma os e-mails desligados'),
    produces: 'text/html',
    consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  },

  'GET /games/events': { reply: text('Eventos `{id, remainingSlots, waitlistCount}`'), produces: 'text/event-stream' },
  'GET /games/sports': { reply: z.array(sportSchema) },
  'GET /games/states': { reply: z.array(brazilianStateSchema) },
  'GET /games/cities': { query: citiesQuerySchema, reply: z.array(citySchema) },
  'GET /games': { query: listGamesQuerySchema, reply: z.array(gameSchema) },
  'GET /games/private/:link': { params: privateLinkParamsSchema, reply: gameSchema },
  'GET /games/:id': { params: idParamsSchema, reply: gameSchema },
  'GET /games/:id/calendar.ics': { params: idParamsSchema, reply: text('VCALENDAR com um VEVENT'), produces: 'text/calendar' },
  'GET /games/:id/events': {
    params: idParamsSchema,
    query: gameEventsQuerySchema,
    reply: text('Eventos `{remainingSlots, waitlistCount}`'),
    produces: 'text/event-stream',
  },
  'POST /games/:id/apply': { params: idParamsSchema, body: omissible(applyBodySchema), reply: applyReplySchema },
  'POST /games/:id/waitlist': { params: idParamsSchema, body: omissible(waitlistBodySchema), reply: waitlistReplySchema },
  'POST /games/:id/cancel': { params: idParamsSchema, reply: cancelReplySchema },
  'POST /games/:id/cancel-checkout': { params: idParamsSchema, body: cancelTopUpBodySchema, reply: cancelGameCheckoutReplySchema },

  'GET /notifications': { query: listNotificationsQuerySchema, reply: z.array(notificationSchema) },
  'GET /notifications/unread-count': { reply: unreadCountReplySchema },
  'POST /notifications/read-all': { reply: markAllReadReplySchema },
  'POST /notifications/:id/read': { params: idParamsSchema, reply: markReadReplySchema },

  'GET /invitations': { reply: z.array(invitationSchema) },
  'GET /invitations/stats': { reply: invitationStatsReplySchema },
  'DELETE /invitations/:id': { params: idParamsSchema, reply: messageReplySchema },

  'GET /series': { reply: z.array(seriesSchema) },
  'POST /series': { body: omissible(createSeriesBodySchema), reply: seriesReplySchema, status: 201 },
  'GET /series/:id': { params: idParamsSchema, reply: seriesDetailSchema },
  'GET /series/:id/membership': { params: idParamsSchema, reply: seriesMembershipSchema },
  'PUT /series/:id': { params: idParamsSchema, body: omissible(updateSeriesBodySchema), reply: seriesReplySchema },
  'POST /series/:id/cancel': { params: idParamsSchema, body: cancelSeriesBodySchema, reply: seriesReplySchema },
  'POST /series/:id/members': {
    params: idParamsSchema,
    body: omissible(z.strictObject({ privateLink: privateLinkSchema.optional() })),
    reply: joinSeriesReplySchema,
  },
  'DELETE /series/:id/members/me': { params: idParamsSchema, reply: leaveSeriesReplySchema },
  'DELETE /series/:id/members/:userId': { params: seriesMemberParamsSchema, reply: leaveSeriesReplySchema },

  'GET /groups': { query: listGroupsQuerySchema, reply: z.array(groupSchema) },
  'POST /groups': { body: createGroupBodySchema, reply: groupReplySchema, status: 201 },
  'GET /users/me/groups': { reply: myGroupsReplySchema },
  'GET /groups/:id': { params: groupSlugParamsSchema, query: groupPageQuerySchema, reply: groupPageSchema },
  'PUT /groups/:id': { params: idParamsSchema, body: updateGroupBodySchema, reply: groupReplySchema },
  'POST /groups/:id/members': { params: idParamsSchema, body: omissible(joinGroupBodySchema), reply: joinGroupReplySchema },
  'GET /groups/:id/members': { params: idParamsSchema, reply: groupMembersReplySchema },
  'DELETE /groups/:id/members/me': { params: idParamsSchema, reply: messageReplySchema },
  'POST /groups/:id/members/:userId/approve': { params: groupMemberParamsSchema, reply: groupMemberReplySchema },
  'PUT /groups/:id/members/:userId': { params: groupMemberParamsSchema, body: updateGroupMemberBodySchema, reply: groupMemberReplySchema },
  'DELETE /groups/:id/members/:userId': { params: groupMemberParamsSchema, reply: messageReplySchema },
  'POST /groups/:id/invite-link': { params: idParamsSchema, reply: inviteLinkReplySchema },
  'POST /groups/:id/messages': {
    params: idParamsSchema,
    body: sendGroupMessageBodySchema,
    reply: sendGroupMessageReplySchema,
    status: 201,
  },
  'GET /groups/:id/messages': { params: idParamsSchema, reply: groupMessagesReplySchema },
  'PUT /groups/:id/mute': { params: idParamsSchema, body: muteGroupBodySchema, reply: muteGroupReplySchema },

  'GET /user-games': { query: listUserGamesQuerySchema, reply: z.array(userGameSchema) },
  'GET /user-games/earnings': { reply: earningsReplySchema },
  'GET /user-games/earnings.csv': { reply: z.string(), produces: 'text/csv' },
  'POST /user-games/payouts': { body: omissible(requestPayoutBodySchema), reply: requestPayoutReplySchema, status: 201 },
  'GET /user-games/payouts/:id': { params: idParamsSchema, reply: payoutSchema },
  'POST /user-games': { body: omissible(createUserGameBodySchema), reply: userGameReplySchema, status: 201 },
  'GET /user-games/:id': { params: idParamsSchema, reply: userGameDetailSchema },
  'PUT /user-games/:id': { params: idParamsSchema, body: omissible(updateUserGameBodySchema), reply: userGameReplySchema },
  'POST /user-games/:id/publish': { params: idParamsSchema, reply: userGameReplySchema },
  'POST /user-games/:id/unpublish': { params: idParamsSchema, body: omissible(unpublishUserGameBodySchema), reply: userGameReplySchema },
  'POST /user-games/:id/cancel': { params: idParamsSchema, body: cancelUserGameBodySchema, reply: cancelUserGameReplySchema },
  'POST /user-games/:id/regenerate-link': { params: idParamsSchema, reply: userGameReplySchema },
  'PUT /user-games/:id/players/:userId': { params: userParamsSchema, body: updatePlayerBodySchema, reply: updatePlayerReplySchema },
  'POST /user-games/:id/teams': { params: idParamsSchema, body: drawTeamsBodySchema, reply: drawTeamsReplySchema },
  'GET /user-games/:id/registrations.csv': { params: idParamsSchema, reply: z.string(), produces: 'text/csv' },
  'GET /user-games/:id/list.txt': { params: idParamsSchema, reply: gameListTextSchema, produces: 'text/plain' },
  'GET /user-games/:id/history': { params: idParamsSchema, reply: gameHistoryReplySchema },
  'POST /user-games/:id/messages': {
    params: idParamsSchema,
    body: sendGameMessageBodySchema,
    reply: sendGameMessageReplySchema,
    status: 201,
  },
  'GET /games/:id/messages': { params: idParamsSchema, reply: gameMessagesReplySchema },
  'POST /user-games/:id/invitations': { params: idParamsSchema, body: inviteByEmailBodySchema, reply: inviteByEmailReplySchema },
  'POST /user-games/:id/walk-ins': { params: idParamsSchema, body: addWalkInBodySchema, reply: walkInReplySchema, status: 201 },
  'PUT /user-games/:id/walk-ins/:walkInId': { params: walkInParamsSchema, body: updatePlayerBodySchema, reply: updateWalkInReplySchema },
  'DELETE /user-games/:id/walk-ins/:walkInId': { params: walkInParamsSchema, reply: walkInReplySchema },
  'DELETE /user-games/:id/players/:userId': { params: userParamsSchema, reply: removeGamePlayerReplySchema },

  'GET /credits/config': { reply: creditsConfigReplySchema },
  'GET /privacy/retention': { reply: retentionReplySchema },
  'POST /credits/add': { body: topUpBodySchema, reply: addCreditsReplySchema },
  'POST /credits/create-checkout': { body: topUpBodySchema, reply: cardCheckoutReplySchema },
  'POST /credits/create-mercadopago-checkout': { body: topUpBodySchema, reply: pixCheckoutReplySchema },
  'GET /credits/verify-payment': { query: verifyPaymentQuerySchema, reply: verifyPaymentReplySchema },
  'POST /credits/cancel-checkout': { body: cancelTopUpBodySchema, reply: cancelTopUpReplySchema },

  // A provider's signature covers the bytes received: the body is read as they are, described and never validated.
  'POST /webhooks/stripe': { rawBody: stripeEventSchema, reply: webhookReplySchema },
  'POST /webhooks/mercadopago': { rawBody: mercadoPagoEventSchema, reply: webhookReplySchema },

  'GET /admin/dashboard': { reply: dashboardReplySchema },
  'GET /admin/reports/payments.csv': { query: paymentsReportQuerySchema, reply: z.string(), produces: 'text/csv' },
  'GET /admin/users': { query: adminUsersQuerySchema, reply: adminUsersReplySchema },
  'GET /admin/users/lookup': { query: userLookupQuerySchema, reply: userLookupReplySchema },
  'GET /admin/users/:id': { params: idParamsSchema, reply: adminUserSchema },
  'POST /admin/users/:id/credits': {
    params: idParamsSchema,
    headers: idempotencyHeadersSchema,
    body: adminAddCreditsBodySchema,
    reply: adminAddCreditsReplySchema,
  },
  'GET /admin/users/:id/payments': { params: idParamsSchema, query: userPaymentsQuerySchema, reply: userPaymentsReplySchema },
  'GET /admin/games': { query: adminGamesQuerySchema, reply: adminGamesReplySchema },
  'POST /admin/games': { body: gamePayloadSchema, reply: adminGameReplySchema, status: 201 },
  'GET /admin/games/:id': { params: idParamsSchema, reply: adminGameDetailSchema },
  'GET /admin/games/:id/history': { params: idParamsSchema, reply: gameHistoryReplySchema },
  'PUT /admin/games/:id': { params: idParamsSchema, body: updateUserGameBodySchema, reply: adminGameReplySchema },
  'DELETE /admin/games/:id': { params: idParamsSchema, body: omissible(confirmRefundBodySchema), reply: deleteGameReplySchema },
  'DELETE /admin/games/:id/users/:userId': {
    params: userParamsSchema,
    body: omissible(confirmRefundBodySchema),
    reply: removePlayerReplySchema,
  },
  'POST /games/:id/duplicate': { params: idParamsSchema, reply: adminGameReplySchema, status: 201 },
  'GET /admin/cancellations': { query: cancellationsQuerySchema, reply: cancellationsReplySchema },
  'PUT /admin/cancellations/:id': { params: idParamsSchema, body: resolveCancellationBodySchema, reply: resolveCancellationReplySchema },
  'GET /admin/payouts': { query: adminPayoutsQuerySchema, reply: adminPayoutsReplySchema },
  'POST /admin/payouts/:id/paid': { params: idParamsSchema, body: markPayoutPaidBodySchema, reply: adminPayoutReplySchema },
  'POST /admin/payouts/:id/reject': { params: idParamsSchema, body: rejectPayoutBodySchema, reply: adminPayoutReplySchema },
  'GET /admin/groups': { query: adminGroupsQuerySchema, reply: adminGroupsReplySchema },
  'GET /admin/groups/:id': { params: idParamsSchema, reply: adminGroupDetailSchema },
  'POST /admin/groups/:id/suspend': { params: idParamsSchema, body: suspendGroupBodySchema, reply: adminGroupReplySchema },
  'POST /admin/groups/:id/unsuspend': { params: idParamsSchema, reply: adminGroupReplySchema },
  'GET /admin/states/:id/cities': { params: idParamsSchema, reply: adminCitiesReplySchema },
  'POST /admin/states/:id/cities': { params: idParamsSchema, body: addCityBodySchema, reply: addCityReplySchema, status: 201 },
} as const satisfies Record<`${HttpMethod} /${string}`, RouteContract>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRoute = keyof ApiRoutes;
