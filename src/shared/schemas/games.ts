import { z } from './z';
import { isCalendarDay } from '../dates';
import { messages } from '../messages';
import { emptyToUndefined, optionalIdQuerySchema, pageQueryShape } from './common';

// ── Reference data ──

export const sportSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type Sport = z.infer<typeof sportSchema>;

export const brazilianStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uf: z.string(),
  active: z.boolean(),
  timeZone: z.string().describe('Fuso IANA da capital: o dos jogos do estado'),
});
export type BrazilianState = z.infer<typeof brazilianStateSchema>;

export const citySchema = z.object({ id: z.number().int(), name: z.string(), stateId: z.number().int(), active: z.boolean() });
export type City = z.infer<typeof citySchema>;

export const citiesQuerySchema = z.strictObject({ stateId: optionalIdQuerySchema });

// ── Games ──

export const registrationStatusSchema = z.enum(['confirmed', 'pending', 'waitlist', 'cancelled']);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

export const paymentTypeSchema = z.enum(['credit', 'stripe', 'mercadopago', 'external']);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

const isoDateTime = z.string().describe('Instante ISO 8601 (UTC)');

export const teamPlayerSchema = z.object({
  id: z.number().int().describe('O id da conta do jogador; o do avulso quando walkIn'),
  name: z.string(),
  level: z.number().int().nullable(),
  walkIn: z.boolean().describe('Avulso: adicionado pelo organizador só pelo nome, sem conta'),
});
export type TeamPlayer = z.infer<typeof teamPlayerSchema>;

export const teamSchema = z.object({ name: z.string(), players: z.array(teamPlayerSchema) });
export type Team = z.infer<typeof teamSchema>;

/**
 * A drawn team as a player reads it on the game's page: each name as "Quem vai" shows it, and neither the organiser's
 * private levels nor anyone's account id (those stay on the organiser's routes, teamSchema).
 */
export const gameTeamSchema = z.object({
  name: z.string(),
  players: z.array(
    z.object({
      name: z
        .string()
        .describe('Nome e inicial do sobrenome ("Maria S."), como em "Quem vai"; o nome completo para o organizador e a administração'),
      walkIn: z.boolean().describe('Avulso: adicionado pelo organizador só pelo nome, sem conta'),
    }),
  ),
});
export type GameTeam = z.infer<typeof gameTeamSchema>;

/** One name of "Quem vai": a confirmed player or a walk-in the organiser added, in the order they got their place. */
export const gamePlayerSchema = z.object({
  name: z.string().describe('Nome e inicial do sobrenome ("Maria S."); o nome completo para o organizador e a administração'),
  walkIn: z.boolean().describe('Avulso: adicionado pelo organizador só pelo nome, sem conta'),
});
export type GamePlayer = z.infer<typeof gamePlayerSchema>;

export const gameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  dateTime: isoDateTime,
  date: z.string().describe('Dia do jogo (AAAA-MM-DD) no fuso do jogo, o mesmo instante de dateTime'),
  time: z.string().describe('Hora do jogo (HH:mm) no fuso do jogo'),
  timeZone: z
    .string()
    .describe('Fuso IANA onde o jogo acontece (o do estado; America/Sao_Paulo sem estado): datas e horas do jogo são mostradas nele'),
  price: z.number().describe('Preço em reais'),
  totalSlots: z.number().int(),
  slots: z.number().int().describe('O mesmo que totalSlots (nome da especificação)'),
  remainingSlots: z.number().int().describe('Vagas livres (confirmadas e aguardando pagamento ocupam vaga)'),
  availableSlots: z.number().int().describe('O mesmo que remainingSlots'),
  registeredPlayers: z.number().int().describe('Vagas ocupadas: inscrições confirmadas ou aguardando pagamento e avulsos'),
  waitlistCount: z.number().int(),
  visibility: z.enum(['public', 'private', 'group']).describe('group: só os membros da turma do jogo'),
  usePlatformPayment: z.boolean(),
  publicationState: z.enum(['draft', 'published']).describe('O `state` (rascunho/publicado) do organizador'),
  status: z.enum(['active', 'cancelled']),
  cancelReason: z.string().nullable().optional().describe('Por que o jogo foi cancelado (só num jogo cancelado)'),
  description: z.string(),
  descriptionHtml: z.string().describe('HTML seguro para exibir'),
  sport: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.object({ id: z.number().int(), name: z.string(), uf: z.string() }).nullable().describe('Estado (UF) do jogo'),
  city: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  privateLink: z.string().nullable().describe('Só para o organizador do jogo e convidados'),
  seriesId: z.number().int().nullable().optional().describe('O racha semanal (série) de que o jogo faz parte'),
  group: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string() })
    .nullable()
    .optional()
    .describe('A turma de que o jogo faz parte'),
  memberPlacesFree: z
    .number()
    .int()
    .optional()
    .describe('Num jogo de racha semanal: vagas guardadas aos mensalistas ainda livres (não entram em remainingSlots)'),
  // Present only for a signed-in caller.
  userRegistration: z.object({ isRegistered: z.boolean(), isOnWaitlist: z.boolean() }).optional(),
  registrationType: registrationStatusSchema.nullable().optional().describe('A última inscrição do usuário; null se nunca se inscreveu'),
  paymentType: paymentTypeSchema.nullable().optional(),
  paidAmount: z.number().optional().describe('Quanto o usuário pagou pela inscrição (base do reembolso), em reais'),
  paymentDeadline: isoDateTime.nullable().optional().describe('Prazo para pagar uma vaga aguardando pagamento'),
  waitlistPosition: z.number().int().nullable().optional(),
  waitlistId: z.number().int().nullable().optional().describe('Na lista de espera: o id da inscrição do usuário na fila'),
  teams: z
    .array(gameTeamSchema)
    .optional()
    .describe('Os times do último sorteio, só para jogadores confirmados (vazio antes do sorteio): os nomes de "Quem vai", sem níveis'),
  players: z
    .array(gamePlayerSchema)
    .optional()
    .describe('"Quem vai": confirmados e avulsos na ordem em que entraram; só em GET /games/:id e pelo link privado, para quem entrou'),
});
export type Game = z.infer<typeof gameSchema>;

export const privateLinkSchema = z.string().min(1).max(100);

export const listGamesQuerySchema = z.strictObject({
  sportId: optionalIdQuerySchema,
  stateId: optionalIdQuerySchema,
  cityId: optionalIdQuerySchema,
  date: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isCalendarDay, messages.dateInvalid)
      .meta({ format: 'date' })
      .optional()
      .describe('Dia (AAAA-MM-DD) no horário de Brasília'),
  ),
  location: z.preprocess(emptyToUndefined, z.string().trim().max(100, messages.locationTooLong).optional()),
  status: z.preprocess(
    emptyToUndefined,
    z
      .enum(['active', 'cancelled'], { error: messages.gameStatusFilterInvalid })
      .optional()
      .describe('active (padrão): jogos abertos; cancelled: os cancelados'),
  ),
  privateLink: z.preprocess(
    emptyToUndefined,
    privateLinkSchema.optional().describe('O jogo com esse link privado (lista com um jogo), ou lista vazia'),
  ),
  ...pageQueryShape(100),
});
export type ListGamesQuery = z.output<typeof listGamesQuerySchema>;

export const privateLinkParamsSchema = z.strictObject({ link: privateLinkSchema });

export const applyBodySchema = z.strictObject({
  paymentType: z
    .enum(['credit', 'card', 'stripe', 'mercadopago'], { error: messages.paymentTypeRequired })
    .optional()
    .describe('Obrigatório em jogos com pagamento pela plataforma; card = stripe'),
  privateLink: privateLinkSchema.optional().describe('Para jogos privados: o link recebido'),
});
export type ApplyBody = z.input<typeof applyBodySchema>;

export const applyReplySchema = z.object({
  message: z.string(),
  waitlisted: z.boolean(),
  registrationType: registrationStatusSchema,
  paymentType: paymentTypeSchema.nullable(),
  amountCharged: z.number().describe('Reais debitados dos créditos'),
  credits: z.number().describe('Saldo depois da inscrição'),
  // Card/PIX: the slot is held (pending) until the provider confirms the payment.
  url: z.string().optional().describe('Cartão: página de pagamento para onde o navegador vai'),
  initPoint: z.string().optional().describe('PIX: página de pagamento (Mercado Pago ou sandbox)'),
  sandboxInitPoint: z.string().optional().describe('PIX: a mesma página para usuários de teste'),
  paymentDeadline: isoDateTime.nullable().optional().describe('Até quando a vaga fica reservada aguardando o pagamento'),
});
export type ApplyReply = z.infer<typeof applyReplySchema>;

export const waitlistBodySchema = z.strictObject({ privateLink: privateLinkSchema.optional() });

export const waitlistReplySchema = z.object({
  message: z.string(),
  waitlisted: z.literal(true),
  position: z.number().int(),
});
export type WaitlistReply = z.infer<typeof waitlistReplySchema>;

export const refundOutcomeSchema = z.enum(['credits', 'request', 'none']);
export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;

export const cancelReplySchema = z.object({
  message: z.string(),
  refund: refundOutcomeSchema.describe('credits: devolvido aos créditos; request: pedido de reembolso (cartão/PIX); none'),
  refundedAmount: z.number().describe('Reais devolvidos ou pedidos'),
});
export type CancelReply = z.infer<typeof cancelReplySchema>;

export const cancelGameCheckoutReplySchema = z.object({
  status: z
    .enum(['released', 'kept', 'closed', 'confirmed', 'credited'])
    .describe(
      'released: a vaga que o checkout reservava foi liberada; kept: a vaga veio da lista de espera e continua reservada até o prazo; ' +
        'closed: o pagamento já estava encerrado; confirmed/credited: já tinha sido pago (inscrição confirmada, ou créditos)',
    ),
  message: z.string(),
});
export type CancelGameCheckoutReply = z.infer<typeof cancelGameCheckoutReplySchema>;

// ── The player's own games (GET /users/me) ──

export const myGameSchema = gameSchema.extend({
  registrationType: registrationStatusSchema.exclude(['waitlist']),
  paymentType: paymentTypeSchema.nullable(),
  paymentDeadline: isoDateTime.nullable(),
  leftWaitlist: z.boolean().describe('Em cancelled: o usuário saiu da lista de espera (nunca teve vaga)'),
});
export type MyGame = z.infer<typeof myGameSchema>;

export const waitlistedGameSchema = gameSchema.extend({
  registrationType: z.literal('waitlist'),
  position: z.number().int().describe('Posição na fila, a partir de 1'),
});
export type WaitlistedGame = z.infer<typeof waitlistedGameSchema>;

// ── Live places (Server-Sent Events) ──

/** One game's places, as GET /games/:id/events sends them at connect and on every change. */
export const gamePlacesSchema = z.object({
  remainingSlots: z.number().int().describe('Vagas livres'),
  memberPlacesFree: z.number().int().optional().describe('Num jogo de racha semanal: vagas guardadas aos mensalistas ainda livres'),
  waitlistCount: z.number().int().describe('Pessoas na lista de espera'),
});
export type GamePlaces = z.infer<typeof gamePlacesSchema>;

/** A listed game's new places, as GET /games/events sends them when they change. */
export const gamePlacesChangeSchema = gamePlacesSchema.extend({ id: z.number().int() });
export type GamePlacesChange = z.infer<typeof gamePlacesChangeSchema>;

export const gameEventsQuerySchema = z.strictObject({
  privateLink: z.preprocess(emptyToUndefined, privateLinkSchema.optional().describe('Para jogos privados: o link da página')),
});
