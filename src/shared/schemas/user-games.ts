import { z } from './z';
import { isCalendarDay, zonedTimeToInstant } from '../dates';
import { messages } from '../messages';
import { personNameSchema, reaisToCentsSchema } from './common';
import { gameSchema, paymentTypeSchema, refundOutcomeSchema, registrationStatusSchema, teamSchema } from './games';

// ── The game payload (create and update; the organiser's form and the admin area) ──

export const MIN_SLOTS = 1;
export const MAX_SLOTS = 50;
export const MAX_PRICE = 10_000;

/** Forms send a cleared field as '' and numbers sometimes as text; both mean what they say. */
export const formNumber = (value: unknown) => {
  if (value === '') return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
};

const text = (max: number, message: string) => z.string().trim().max(max, message).nullish();
const id = z.preprocess(formNumber, z.number({ error: 'Informe um número.' }).int().positive().max(2_147_483_647).nullish());

/**
 * The shape of a game payload: types only, every field optional, unknown fields (creator, players,
 * status, privateLink…) stripped and so never trusted. The rules that give the spec's messages
 * ("Preencha os campos obrigatórios: ...") run after it, in validateGamePayload.
 */
export const gamePayloadSchema = z.object({
  name: text(100, messages.gameNameTooLong),
  location: text(200, messages.gameLocationTooLong),
  address: text(300, messages.gameAddressTooLong),
  dateTime: z
    .string()
    .trim()
    .max(40, messages.dateTimeInvalid)
    .nullish()
    .describe('ISO 8601; sem fuso = horário do estado escolhido (de Brasília sem estado)')
    .meta({ examples: ['2026-12-05T19:30:00-03:00', '2026-12-05T19:30'] }),
  price: z
    .preprocess(
      // A cleared field is an empty price (an error unless `free`), not a missing one.
      (value) => (typeof value === 'string' && value.trim() === '' ? null : formNumber(value)),
      reaisToCentsSchema({
        min: 0,
        max: MAX_PRICE,
        messages: { invalid: 'Informe um valor numérico.', min: messages.priceNegative, max: messages.priceTooHigh },
        description: `Reais, de 0 a ${MAX_PRICE}, no máximo duas casas decimais`,
      }).nullish(),
    )
    .describe(
      `Reais (número, ou texto de um número), de 0 a ${MAX_PRICE}, no máximo duas casas decimais; vazio (null ou "") é um erro, a menos que free; ausente = 0`,
    ),
  free: z
    .boolean({ error: messages.freeInvalid })
    .nullish()
    .describe('Gratuito: true = jogo sem preço (o preço fica vazio ou 0); sem ele, um preço vazio é recusado'),
  totalSlots: z.preprocess(formNumber, z.number({ error: 'Informe um número.' }).nullish()),
  description: z.string().max(5_000, messages.descriptionTooLong).nullish().describe('Texto ou HTML (sanitizado no servidor)'),
  visibility: z
    .enum(['public', 'private', 'group'], { error: messages.visibilityInvalid })
    .nullish()
    .describe('Padrão: public; group = só os membros da turma do jogo (groupId) o veem e se inscrevem'),
  usePlatformPayment: z.boolean({ error: messages.paymentModeInvalid }).nullish().describe('Pela plataforma, a menos que seja false'),
  state: z
    .enum(['draft', 'published'], { error: messages.publicationStateInvalid })
    .nullish()
    .describe('Publicação; ao criar, ausente = draft; ao editar, ausente = mantém'),
  sportId: id,
  stateId: id,
  cityId: id,
});
export type GamePayloadInput = z.input<typeof gamePayloadSchema>;
/** The parsed payload: `price` already in centavos. */
export type GamePayloadShape = z.output<typeof gamePayloadSchema>;

/**
 * The organiser's yes to a change that cancels players (unpublishing, or making the game private while uninvited
 * players hold places): without it the change answers 409 with how many it cancels.
 */
const confirmSchema = z
  .boolean({ error: messages.confirmInvalid })
  .nullish()
  .describe('true: confirma cancelar, com reembolso integral, as inscrições de quem deixa de ver o jogo');

/** The organiser's edit of a game: the game payload, and the yes when making it private cancels players. */
/** The turma a new game or series belongs to: only its owner and organisers may say it (decision 074). */
export const groupIdSchema = z
  .number({ error: messages.groups.groupRequired })
  .int(messages.groups.groupRequired)
  .positive(messages.groups.groupRequired)
  .max(2_147_483_647, messages.groups.groupRequired)
  .nullish()
  .describe('A turma do jogo (só ao criar): o dono e os organizadores dela o administram; o dono recebe o dinheiro');

/** A new game: the payload and, for a turma's game, its turma. */
export const createUserGameBodySchema = gamePayloadSchema.extend({ groupId: groupIdSchema });
export type CreateUserGameInput = z.input<typeof createUserGameBodySchema>;
export type CreateUserGameShape = z.output<typeof createUserGameBodySchema>;

export const updateUserGameBodySchema = gamePayloadSchema.extend({ confirm: confirmSchema });
export type UpdateUserGameInput = z.input<typeof updateUserGameBodySchema>;
export type UpdateUserGameShape = z.output<typeof updateUserGameBodySchema>;

/** Unpublishing a game: the yes when it has players, who are then cancelled with a full refund. */
export const unpublishUserGameBodySchema = z.strictObject({ confirm: confirmSchema });
export type UnpublishUserGameBody = z.input<typeof unpublishUserGameBodySchema>;

/** A payload that passed every rule, in the units the server stores (centavos, a Date). */
export type ValidGamePayload = {
  name: string;
  location: string;
  address: string;
  dateTime: Date;
  priceCents: number;
  totalSlots: number;
  description: string;
  visibility: 'public' | 'private' | 'group';
  usePlatformPayment: boolean;
  /** Undefined when the payload did not say: create saves a draft, update keeps what the game had. */
  state: 'draft' | 'published' | undefined;
  sportId: number | null;
  stateId: number | null;
  cityId: number | null;
};

export type GamePayloadValidation =
  { success: true; data: ValidGamePayload } | { success: false; message: string; fields: Record<string, string> };

const REQUIRED = [
  ['name', 'Nome'],
  ['location', 'Local'],
  ['dateTime', 'Data e hora'],
  ['totalSlots', 'Vagas'],
] as const;

const PUBLIC_REQUIRED = [
  ['sportId', 'Esporte'],
  ['stateId', 'Estado'],
  ['cityId', 'Cidade'],
] as const;

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An ISO date-time; without a zone (a datetime-local input) it is the time on the clocks of `timeZone`, where the
 * game is (its state's zone). Undefined when it is not a real instant.
 */
export function parseGameDateTime(value: string, timeZone: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(value);
  if (!match || !isCalendarDay(match[1]!)) return undefined;
  const date = match[4] ? new Date(value) : zonedTimeToInstant(value, timeZone);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The spec's rules for a game payload (organisers §5), in the order the form shows them: required
 * fields, date and time in the future, slots 1–50, a price or "Gratuito" (the price, in centavos, was checked by the
 * schema; absent = 0, empty = an error unless free), sport, state and city for public games. Pure: the server checks afterwards that the reference data exist and are active.
 * `unchangedDateTime`: an edit keeping the game's date may keep a date already past. `timeZone`: the zone of the
 * chosen state (timeZoneOfState), in which a date-time without a zone is read.
 */
export function validateGamePayload(
  payload: GamePayloadShape,
  options: { now: Date; unchangedDateTime?: Date; timeZone: string },
): GamePayloadValidation {
  const fields: Record<string, string> = {};
  const problems: string[] = [];

  const missing = REQUIRED.filter(([key]) => {
    const value = payload[key];
    return value === undefined || value === null || value === '';
  });
  if (missing.length > 0) {
    problems.push(messages.requiredFields(missing.map(([, label]) => label)));
    for (const [key] of missing) fields[key] = messages.fieldRequired;
  }

  let dateTime: Date | undefined;
  if (payload.dateTime) {
    dateTime = parseGameDateTime(payload.dateTime, options.timeZone);
    const keepsDate = dateTime && options.unchangedDateTime?.getTime() === dateTime.getTime();
    const problem = !dateTime
      ? messages.dateTimeInvalid
      : !keepsDate && dateTime.getTime() <= options.now.getTime()
        ? messages.dateTimeMustBeFuture
        : undefined;
    if (problem) {
      problems.push(problem);
      fields.dateTime = problem;
    }
  }

  const slots = payload.totalSlots;
  if (slots !== undefined && slots !== null && !(Number.isInteger(slots) && slots >= MIN_SLOTS && slots <= MAX_SLOTS)) {
    problems.push(messages.slotsRange);
    fields.totalSlots = messages.slotsRange;
  }

  if (payload.free === true && payload.price) {
    problems.push(messages.freeGameHasPrice);
    fields.price = messages.freeGameHasPrice;
  } else if (payload.free !== true && payload.price === null) {
    problems.push(messages.priceRequired);
    fields.price = messages.priceRequired;
  }

  const visibility = payload.visibility ?? 'public';
  if (visibility === 'public') {
    const missingPublic = PUBLIC_REQUIRED.filter(([key]) => payload[key] === undefined || payload[key] === null);
    if (missingPublic.length > 0) {
      const message = messages.publicGameFields(missingPublic.map(([, label]) => label));
      problems.push(message);
      for (const [key] of missingPublic) fields[key] = message;
    }
  }

  if (problems.length > 0) return { success: false, message: problems[0]!, fields };
  return {
    success: true,
    data: {
      name: payload.name!,
      location: payload.location!,
      address: payload.address ?? '',
      dateTime: dateTime!,
      priceCents: payload.free === true ? 0 : (payload.price ?? 0),
      totalSlots: slots!,
      description: payload.description?.trim() ?? '',
      visibility,
      usePlatformPayment: payload.usePlatformPayment !== false,
      state: payload.state ?? undefined,
      sportId: payload.sportId ?? null,
      stateId: payload.stateId ?? null,
      cityId: payload.cityId ?? null,
    },
  };
}

// ── Organiser replies and bodies ──

/** A game as its organiser sees it: the public view (privateLink included) and the cancel reason. */
export const userGameSchema = gameSchema.extend({
  privateLink: z.string().describe('O link privado: {origem}/games/private/{privateLink}'),
  cancelReason: z.string().nullable().describe('Motivo, quando o jogo foi cancelado'),
});
export type UserGame = z.infer<typeof userGameSchema>;

export const userGamesFilterSchema = z.enum(['all', 'draft', 'published', 'active', 'finished', 'cancelled']);
export type UserGamesFilter = z.infer<typeof userGamesFilterSchema>;

export const listUserGamesQuerySchema = z.strictObject({
  filter: z
    .preprocess((value) => (value === '' ? undefined : value), userGamesFilterSchema.default('all'))
    .describe(
      'draft: rascunhos; published: publicados e não cancelados; active: publicados, não cancelados e ainda não encerrados (futuros ou em andamento); finished: encerrados (2 h depois do início) e não cancelados; cancelled',
    ),
  limit: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(100).default(100)),
  offset: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(1_000_000).default(0)),
});
export type ListUserGamesQuery = z.output<typeof listUserGamesQuerySchema>;

export const userGameReplySchema = z.object({ message: z.string(), game: userGameSchema });
export type UserGameReply = z.infer<typeof userGameReplySchema>;

export const gameRegistrationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z
    .string()
    .nullable()
    .describe('O telefone (DDD e número) que o jogador deu para o organizador; só o organizador do jogo e a administração o leem'),
  paymentType: paymentTypeSchema.nullable().describe('external = "Por fora"'),
  status: registrationStatusSchema,
  paidAmount: z.number().describe('Reais pagos pela plataforma'),
  createdAt: z.string().describe('Quando se inscreveu'),
  cancelledAt: z.string().nullable().describe('Quando foi cancelada'),
  leftWaitlist: z.boolean().describe('Cancelada quando estava só na fila: o jogador saiu da lista de espera, nunca teve vaga'),
  waitlistPosition: z.number().int().nullable(),
  present: z.boolean().nullable().describe('Dia do jogo: veio (true), faltou (false), não marcado (null)'),
  level: z.number().int().nullable().describe('Nível de 1 a 5 dado pelo organizador; null sem nível'),
  noShows: z.number().int().describe('Jogos deste organizador em que o jogador foi marcado como ausente'),
});
export type GameRegistration = z.infer<typeof gameRegistrationSchema>;

export const registrationStatsSchema = z.object({
  confirmedRegistrations: z.number().int(),
  pendingRegistrations: z.number().int(),
  cancelledRegistrations: z.number().int().describe('Inscrições com vaga canceladas (saídas da fila não contam)'),
  waitlistRegistrations: z.number().int(),
  leftWaitlistRegistrations: z.number().int().describe('Saídas da lista de espera'),
  availableSlots: z.number().int(),
});
export type RegistrationStats = z.infer<typeof registrationStatsSchema>;

/** A walk-in (decision 047): someone the organiser added by name only, holding a place. */
export const walkInSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string().describe('Quando foi adicionado'),
  present: z.boolean().nullable().describe('Dia do jogo: veio (true), faltou (false), não marcado (null)'),
  level: z.number().int().nullable().describe('Nível de 1 a 5 dado pelo organizador; null sem nível'),
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const MAX_WALK_IN_NAME = 60;

export const addWalkInBodySchema = z.strictObject({
  name: personNameSchema({ max: MAX_WALK_IN_NAME, required: messages.walkIns.nameRequired, tooLong: messages.walkIns.nameTooLong }),
});
export type AddWalkInBody = z.input<typeof addWalkInBodySchema>;

export const walkInParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  walkInId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const walkInReplySchema = z.object({ message: z.string(), walkIns: z.array(walkInSchema), game: userGameSchema });
export type WalkInReply = z.infer<typeof walkInReplySchema>;

/** A walk-in's check-in or level changed on game day (issue 42): the walk-in as it is now. */
export const updateWalkInReplySchema = z.object({ message: z.string(), walkIn: walkInSchema });
export type UpdateWalkInReply = z.infer<typeof updateWalkInReplySchema>;

export const removeGamePlayerReplySchema = z.object({
  message: z.string(),
  refund: refundOutcomeSchema.describe('credits: devolvido aos créditos; request: cartão/PIX; none: nada pago'),
  refundedAmount: z.number().describe('Reais devolvidos'),
  game: userGameSchema,
});
export type RemoveGamePlayerReply = z.infer<typeof removeGamePlayerReplySchema>;

export const userGameDetailSchema = z.object({
  game: userGameSchema,
  stats: registrationStatsSchema,
  walkIns: z.array(walkInSchema).describe('Avulsos adicionados pelo organizador, na ordem em que entraram'),
  registrations: z
    .array(gameRegistrationSchema)
    .describe('Confirmadas, aguardando pagamento, na fila e canceladas, das mais antigas às mais novas'),
  teams: z.array(teamSchema).describe('Os times do último sorteio (vazio antes do sorteio)'),
});
export type UserGameDetail = z.infer<typeof userGameDetailSchema>;

export const cancelUserGameBodySchema = z.object({
  reason: z
    .string({ error: messages.cancelReasonRequired })
    .trim()
    .min(1, messages.cancelReasonRequired)
    .max(500, messages.cancelReasonTooLong),
});
export type CancelUserGameBody = z.input<typeof cancelUserGameBodySchema>;

export const cancelUserGameReplySchema = userGameReplySchema.extend({
  refunds: z.object({
    registrationsCancelled: z.number().int().describe('Inscrições confirmadas ou aguardando pagamento canceladas'),
    waitlistCleared: z.number().int(),
    creditsRefunded: z.number().describe('Reais devolvidos aos créditos'),
    refundedToOriginal: z.number().describe('Reais devolvidos na hora ao cartão/PIX pelo provedor'),
    refundRequests: z.number().int().describe('Reembolsos de cartão/PIX que o provedor não concluiu: ficam para o admin'),
    requestedAmount: z.number().describe('Reais nesses reembolsos à espera do admin'),
  }),
});
export type CancelUserGameReply = z.infer<typeof cancelUserGameReplySchema>;

export const MAX_INVITES = 50;

const inviteEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
  .meta({ format: 'email' });

export const inviteByEmailBodySchema = z.object({
  emails: z
    .array(z.string({ error: messages.inviteEmailsRequired }), { error: messages.inviteEmailsRequired })
    .min(1, messages.inviteEmailsRequired)
    .max(MAX_INVITES, messages.inviteEmailsTooMany)
    .superRefine((emails, ctx) => {
      for (const [index, email] of emails.entries()) {
        if (!inviteEmail.safeParse(email).success)
          ctx.addIssue({ code: 'custom', path: [index], message: messages.inviteEmailInvalid(email.trim()) });
      }
    })
    .transform((emails) => [...new Set(emails.map((email) => email.trim().toLowerCase()))]),
});
export type InviteByEmailBody = z.input<typeof inviteByEmailBodySchema>;

export const inviteByEmailReplySchema = z.object({
  message: z.string(),
  invited: z.array(z.string()).describe('E-mails convidados agora (receberam o e-mail com o link)'),
  alreadyInvited: z.array(z.string()).describe('Já tinham convite: nada foi enviado de novo'),
});
export type InviteByEmailReply = z.infer<typeof inviteByEmailReplySchema>;
