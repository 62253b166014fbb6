import { z } from '../../shared/schemas/z';
import {
  addCreditsReplySchema as adminAddCreditsReplySchema,
  adminGameDetailSchema,
  adminGameReplySchema,
  adminGamesReplySchema,
  adminUserSchema,
  adminUsersReplySchema,
  cancellationsReplySchema,
  dashboardReplySchema,
  deleteGameReplySchema,
  removePlayerReplySchema,
  resolveCancellationReplySchema,
  userPaymentsReplySchema,
} from '../../shared/schemas/admin';
import { drawTeamsReplySchema, updatePlayerReplySchema } from '../../shared/schemas/game-day';
import { authConfigReplySchema, authReplySchema, forgotReplySchema } from '../../shared/schemas/auth';
import { calendarFeedReplySchema, regenerateCalendarFeedReplySchema } from '../../shared/schemas/calendars';
import { messageReplySchema } from '../../shared/schemas/common';
import {
  addCreditsReplySchema,
  cardCheckoutReplySchema,
  creditsConfigReplySchema,
  pixCheckoutReplySchema,
  verifyPaymentReplySchema,
} from '../../shared/schemas/credits';
import {
  applyReplySchema,
  brazilianStateSchema,
  cancelReplySchema,
  citySchema,
  gameSchema,
  sportSchema,
  waitlistReplySchema,
} from '../../shared/schemas/games';
import { invitationSchema } from '../../shared/schemas/invitations';
import { markAllReadReplySchema, markReadReplySchema, notificationSchema, unreadCountReplySchema } from '../../shared/schemas/notifications';
import { joinSeriesReplySchema, leaveSeriesReplySchema, seriesDetailSchema, seriesReplySchema, seriesSchema } from '../../shared/schemas/series';
import {
  cancelUserGameReplySchema,
  inviteByEmailReplySchema,
  userGameDetailSchema,
  userGameReplySchema,
  userGameSchema,
} from '../../shared/schemas/user-games';
import {
  changePasswordReplySchema,
  deleteMeReplySchema,
  exportReplySchema,
  meReplySchema,
  phoneReplySchema,
  updateMeReplySchema,
} from '../../shared/schemas/users';

/**
 * The success reply of every API route the web app calls, with the route as the server declares
 * it (`:name` is one path segment). Only development and the tests load this module
 * (api-client.ts, test/fake-api.ts): the production build never carries it.
 */
export const replySchemas = {
  'GET /auth/config': authConfigReplySchema,
  'POST /auth/register': authReplySchema,
  'POST /auth/login': authReplySchema,
  'POST /auth/google': authReplySchema,
  'POST /auth/forgot': forgotReplySchema,
  'POST /auth/reset-password': messageReplySchema,

  'GET /users/me': meReplySchema,
  'PUT /users/phone': phoneReplySchema,
  'PUT /users/me': updateMeReplySchema,
  'POST /users/me/password': changePasswordReplySchema,
  'GET /users/me/export': exportReplySchema,
  'DELETE /users/me': deleteMeReplySchema,
  'GET /users/me/calendar': calendarFeedReplySchema,
  'POST /users/me/calendar/regenerate': regenerateCalendarFeedReplySchema,

  'GET /games/sports': z.array(sportSchema),
  'GET /games/states': z.array(brazilianStateSchema),
  'GET /games/cities': z.array(citySchema),
  'GET /games': z.array(gameSchema),
  'GET /games/private/:link': gameSchema,
  'GET /games/:id': gameSchema,
  'POST /games/:id/apply': applyReplySchema,
  'POST /games/:id/waitlist': waitlistReplySchema,
  'POST /games/:id/cancel': cancelReplySchema,

  'GET /invitations': z.array(invitationSchema),
  'DELETE /invitations/:id': messageReplySchema,

  'GET /notifications': z.array(notificationSchema),
  'GET /notifications/unread-count': unreadCountReplySchema,
  'POST /notifications/read-all': markAllReadReplySchema,
  'POST /notifications/:id/read': markReadReplySchema,

  'GET /credits/config': creditsConfigReplySchema,
  'POST /credits/add': addCreditsReplySchema,
  'POST /credits/create-checkout': cardCheckoutReplySchema,
  'POST /credits/create-mercadopago-checkout': pixCheckoutReplySchema,
  'GET /credits/verify-payment': verifyPaymentReplySchema,

  'GET /user-games': z.array(userGameSchema),
  'POST /user-games': userGameReplySchema,
  'GET /user-games/:id': userGameDetailSchema,
  'PUT /user-games/:id': userGameReplySchema,
  'POST /user-games/:id/publish': userGameReplySchema,
  'POST /user-games/:id/unpublish': userGameReplySchema,
  'POST /user-games/:id/cancel': cancelUserGameReplySchema,
  'POST /user-games/:id/regenerate-link': userGameReplySchema,
  'POST /user-games/:id/invitations': inviteByEmailReplySchema,
  'PUT /user-games/:id/players/:userId': updatePlayerReplySchema,
  'POST /user-games/:id/teams': drawTeamsReplySchema,
  'GET /user-games/:id/registrations.csv': z.string(),

  'POST /series': seriesReplySchema,
  'GET /series/:id': seriesDetailSchema,
  'GET /series/:id/membership': seriesSchema,
  'POST /series/:id/cancel': seriesReplySchema,
  'POST /series/:id/members': joinSeriesReplySchema,
  'DELETE /series/:id/members/me': leaveSeriesReplySchema,
  'DELETE /series/:id/members/:userId': leaveSeriesReplySchema,

  'GET /admin/dashboard': dashboardReplySchema,
  'GET /admin/users': adminUsersReplySchema,
  'GET /admin/users/:id': adminUserSchema,
  'GET /admin/users/:id/payments': userPaymentsReplySchema,
  'POST /admin/users/:id/credits': adminAddCreditsReplySchema,
  'GET /admin/games': adminGamesReplySchema,
  'POST /admin/games': adminGameReplySchema,
  'GET /admin/games/:id': adminGameDetailSchema,
  'PUT /admin/games/:id': adminGameReplySchema,
  'DELETE /admin/games/:id': deleteGameReplySchema,
  'DELETE /admin/games/:id/users/:userId': removePlayerReplySchema,
  'POST /games/:id/duplicate': adminGameReplySchema,
  'GET /admin/cancellations': cancellationsReplySchema,
  'PUT /admin/cancellations/:id': resolveCancellationReplySchema,
  'GET /admin/reports/payments.csv': z.string(),
} satisfies Record<string, z.ZodType>;

export type ApiRoute = keyof typeof replySchemas;

type Contract = { route: ApiRoute; method: string; segments: string[]; schema: z.ZodType };

// A route with fewer parameters wins, as in the server's router: /games/sports before /games/:id.
const contracts: Contract[] = Object.entries(replySchemas)
  .map(([route, schema]) => {
    const [method = '', pattern = ''] = route.split(' ');
    return { route: route as ApiRoute, method, segments: pattern.split('/').slice(1), schema };
  })
  .sort((a, b) => parameterCount(a) - parameterCount(b));

function parameterCount(contract: Contract): number {
  return contract.segments.filter((segment) => segment.startsWith(':')).length;
}

/** The route a call goes to; `path` as the client writes it, below /api and with its query string. */
export function findContract(method: string, path: string): Contract | undefined {
  const segments = (path.split('?')[0] ?? '').split('/').slice(1);
  return contracts.find(
    (contract) =>
      contract.method === method &&
      contract.segments.length === segments.length &&
      contract.segments.every((segment, index) => segment.startsWith(':') || segment === segments[index]),
  );
}

/** A reply of the API that its shared schema does not accept, or a call to a route with no schema here. */
export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.length > 0 ? z.core.toDotPath(issue.path) : '(a resposta)'}: ${issue.message}`).join('\n');
}

/** Throws a ContractError naming each field that is off when `reply` is not what the route's schema says. */
export function checkReply(method: string, path: string, reply: unknown): void {
  const contract = findContract(method, path);
  if (!contract) throw new ContractError(`${method} ${path}: rota sem contrato de resposta em src/web/lib/api-contracts.ts`);
  const result = contract.schema.safeParse(reply);
  if (!result.success) {
    throw new ContractError(`Resposta de ${method} ${path} fora do contrato de ${contract.route}:\n${describeIssues(result.error)}`);
  }
}
