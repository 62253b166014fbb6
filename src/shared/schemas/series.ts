import { z } from './z';
import { messages } from '../messages';
import { MAX_OCCURRENCES } from '../rules/weekly-series';
import {
  cancelUserGameBodySchema,
  formNumber,
  gamePayloadSchema,
  groupIdSchema,
  userGameSchema,
  validateGamePayload,
  type ValidGamePayload,
} from './user-games';

const count = z.preprocess(formNumber, z.number({ error: 'Informe um número.' }).nullish());

/** The game payload without `dateTime` and `state` (series games are published), plus what makes it weekly. */
const seriesTemplateSchema = gamePayloadSchema.omit({ dateTime: true, state: true });

export const createSeriesBodySchema = seriesTemplateSchema.extend({
  firstDateTime: z
    .string()
    .trim()
    .max(40, messages.dateTimeInvalid)
    .nullish()
    .describe('O primeiro jogo: ISO 8601; sem fuso = horário do estado escolhido (de Brasília sem estado)'),
  occurrences: count.describe(`Quantas semanas (1–${MAX_OCCURRENCES})`),
  memberSlots: count.describe('Vagas de mensalistas em cada jogo (0 até totalSlots)'),
  groupId: groupIdSchema,
});
export type CreateSeriesInput = z.input<typeof createSeriesBodySchema>;
export type CreateSeriesShape = z.output<typeof createSeriesBodySchema>;

export const updateSeriesBodySchema = seriesTemplateSchema.extend({
  occurrences: count.describe(`Quantas semanas ao todo (1–${MAX_OCCURRENCES}); ausente = mantém`),
  memberSlots: count.describe('Vagas de mensalistas; ausente = mantém'),
});
export type UpdateSeriesInput = z.input<typeof updateSeriesBodySchema>;
export type UpdateSeriesShape = z.output<typeof updateSeriesBodySchema>;

export type SeriesValidation =
  | { success: true; data: { game: ValidGamePayload; occurrences: number; memberSlots: number } }
  | { success: false; message: string; fields: Record<string, string> };

/**
 * The game rules (validateGamePayload, the first game's date as `dateTime`) and the series' own: 1–52 weeks and
 * 0..totalSlots member places. Errors name the series' fields (`firstDateTime`, not `dateTime`). `current` holds what
 * an edit keeps when a field is absent, and the first date an edit does not change.
 */
export function validateSeriesPayload(
  payload: CreateSeriesShape,
  options: { now: Date; timeZone: string; current?: { firstDateTime: Date; occurrences: number; memberSlots: number } },
): SeriesValidation {
  const { firstDateTime, occurrences, memberSlots, ...game } = payload;
  const result = validateGamePayload(
    { ...game, dateTime: options.current ? options.current.firstDateTime.toISOString() : firstDateTime, state: 'published' },
    { now: options.now, unchangedDateTime: options.current?.firstDateTime, timeZone: options.timeZone },
  );
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  if (!result.success) {
    for (const [key, message] of Object.entries(result.fields)) {
      fields[key === 'dateTime' ? 'firstDateTime' : key] =
        key === 'dateTime' && !firstDateTime ? messages.series.firstDateTimeRequired : message;
    }
    problems.push(result.message);
  }
  const weeks = occurrences ?? options.current?.occurrences;
  if (weeks === undefined || weeks === null || !Number.isInteger(weeks) || weeks < 1 || weeks > MAX_OCCURRENCES) {
    fields.occurrences = messages.series.occurrencesRange;
    problems.push(messages.series.occurrencesRange);
  }
  const total = typeof game.totalSlots === 'number' ? game.totalSlots : 0;
  const members = memberSlots ?? options.current?.memberSlots ?? 0;
  if (!Number.isInteger(members) || members < 0 || members > total) {
    const message = messages.series.memberSlotsRange(total);
    fields.memberSlots = message;
    problems.push(message);
  }
  if (!result.success || problems.length > 0) return { success: false, message: problems[0]!, fields };
  return { success: true, data: { game: result.data, occurrences: weeks!, memberSlots: members } };
}

export const seriesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  price: z.number().describe('Preço de cada jogo, em reais'),
  totalSlots: z.number().int(),
  memberSlots: z.number().int().describe('Vagas de mensalistas em cada jogo'),
  members: z.number().int().describe('Mensalistas ativos'),
  memberPlacesLeft: z.number().int().describe('Vagas de mensalistas ainda livres'),
  occurrences: z.number().int().describe('Semanas ao todo'),
  gamesCreated: z.number().int().describe('Jogos já criados (até cinco semanas adiante)'),
  firstDateTime: z.string().describe('Instante ISO do primeiro jogo'),
  weekday: z.string().describe('Dia da semana dos jogos, em português'),
  time: z.string().describe('Hora dos jogos (HH:mm) no fuso dos jogos'),
  timeZone: z.string().describe('Fuso IANA onde os jogos acontecem (o do estado; America/Sao_Paulo sem estado)'),
  visibility: z.enum(['public', 'private', 'group']),
  usePlatformPayment: z.boolean(),
  status: z.enum(['active', 'cancelled']),
  cancelReason: z.string().nullable(),
  isMember: z.boolean().describe('O usuário que pergunta é mensalista'),
  description: z.string().describe('A descrição dos jogos (texto do organizador)'),
  sportId: z.number().int().nullable(),
  stateId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  groupId: z.number().int().nullable().optional().describe('A turma da série, cujos organizadores a administram'),
});
export type Series = z.infer<typeof seriesSchema>;

/** The series as a player sees it from one of its games, with what becoming a mensalista would cost now. */
export const seriesMembershipSchema = seriesSchema.extend({
  weeks: z
    .array(
      z.object({
        gameId: z.number().int(),
        dateTime: z.string().describe('Instante ISO do jogo'),
        price: z.number().describe('Preço deste jogo, em reais'),
        usePlatformPayment: z.boolean().describe('Pago pela plataforma (créditos); senão, combinado com o organizador'),
        paymentDeadline: z.string().describe('Até quando pagar se os créditos não cobrirem: 48 horas antes do jogo'),
        hasPlace: z.boolean().describe('Se há vaga para um novo mensalista neste jogo agora'),
      }),
    )
    .describe('Os jogos já publicados, por data: um novo mensalista recebe uma vaga em cada um que tiver vaga'),
});
export type SeriesMembership = z.infer<typeof seriesMembershipSchema>;

export const seriesMemberSchema = z.object({
  id: z.number().int().describe('A inscrição de mensalista'),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  joinedAt: z.string(),
});
export type SeriesMember = z.infer<typeof seriesMemberSchema>;

export const seriesDetailSchema = z.object({
  series: seriesSchema,
  games: z.array(userGameSchema).describe('Os jogos da série, do primeiro ao último'),
  members: z.array(seriesMemberSchema),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

export const seriesReplySchema = z.object({ message: z.string(), series: seriesSchema, games: z.array(userGameSchema) });
export type SeriesReply = z.infer<typeof seriesReplySchema>;

export const cancelSeriesBodySchema = cancelUserGameBodySchema;

export const memberGameOutcomeSchema = z.enum(['confirmed', 'pending', 'full', 'kept']);

export const joinSeriesReplySchema = z.object({
  message: z.string(),
  series: seriesSchema,
  games: z
    .array(
      z.object({
        gameId: z.number().int(),
        dateTime: z.string(),
        outcome: memberGameOutcomeSchema,
        paymentDeadline: z.string().nullable(),
      }),
    )
    .describe('confirmed: vaga paga; pending: reservada até o prazo; full: lotado, sem vaga; kept: já inscrito antes'),
  credits: z.number().describe('Saldo depois das cobranças, em reais'),
});
export type JoinSeriesReply = z.infer<typeof joinSeriesReplySchema>;

export const leaveSeriesReplySchema = z.object({
  message: z.string(),
  cancelled: z.number().int().describe('Inscrições futuras canceladas (com reembolso)'),
  kept: z.number().int().describe('Inscrições a menos de 48 horas do jogo, mantidas'),
});
export type LeaveSeriesReply = z.infer<typeof leaveSeriesReplySchema>;

export const seriesMemberParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
