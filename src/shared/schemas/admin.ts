import { z } from './z';
import { messages } from '../messages';
import { emptyToUndefined, reaisToCentsSchema } from './common';
import { paymentTypeSchema, registrationStatusSchema } from './games';
import { userGameSchema } from './user-games';

const text = messages.admin;
const isoDateTime = z.string().describe('Instante ISO 8601 (UTC)');

// ── Paging ──

export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_GAMES_PAGE_SIZE = 20;
/** The card/PIX payments the admin sees of a user: the latest ones, with how many there are in all. */
export const ADMIN_PROVIDER_PAYMENTS_SHOWN = 50;
export const ADMIN_CANCELLATIONS_PAGE_SIZE = 20;
export const ADMIN_STATEMENT_PAGE_SIZE = 20;
export const DASHBOARD_RECENT_GAMES = 5;

const pageQuery = z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1).describe('Página, a partir de 1'));
const searchQuery = z.preprocess(emptyToUndefined, z.string().trim().max(100, text.textTooLong(100)).optional());

const pageShape = {
  total: z.number().int().describe('Quantos itens existem com o filtro, em todas as páginas'),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
};

/** A list that can be searched: a search counts its matches up to a bound (decision 055). */
const searchablePageShape = {
  ...pageShape,
  total: z.number().int().describe('Quantos itens existem com o filtro, em todas as páginas; numa busca, contados até um limite'),
  moreThanTotal: z
    .boolean()
    .describe('true numa busca que parou de contar: há mais de `total` itens, e as páginas seguem depois de `totalPages`'),
};

// ── Dashboard ──

export const dashboardReplySchema = z.object({
  totalUsers: z.number().int().describe('Contas cadastradas (jogadores e administradores)'),
  totalGames: z.number().int().describe('Jogos não cancelados/excluídos, rascunhos incluídos, passados e futuros'),
  upcomingGames: z.number().int().describe('Jogos não cancelados/excluídos cuja data ainda não chegou (rascunhos incluídos)'),
  totalRevenue: z
    .number()
    .describe(
      'Receita em reais: soma, sobre os jogos não cancelados/excluídos, de (inscrições confirmadas pagas pela plataforma × preço atual do jogo). ' +
        'Contam as pagas com créditos, cartão ou PIX; as pagas por fora ao organizador não entram, nem as aguardando pagamento; ' +
        'jogos cancelados/excluídos (reembolsados) não contam.',
    ),
  recentGames: z
    .array(userGameSchema)
    .describe('Os 5 jogos criados mais recentemente (não cancelados/excluídos), do mais novo ao mais antigo'),
  earnings: z
    .object({
      fees: z.number().describe('Taxas da plataforma sobre vagas pagas em jogos de organizadores, menos as devolvidas (reais)'),
      owedPending: z.number().describe('Devido a organizadores, ainda a receber (jogos dentro do prazo de segurança)'),
      owedAvailable: z
        .number()
        .describe(
          'Devido a organizadores e já disponível para repasse (inclui pedidos em andamento), somado só entre quem tem saldo positivo',
        ),
      owedByOrganisers: z
        .number()
        .describe(
          'Devido por organizadores à plataforma: valores devolvidos aos jogadores depois de repassados (nunca abatido do item acima)',
        ),
      paidOutThisMonth: z.number().describe('Repasses pagos neste mês (horário de Brasília)'),
      payoutsRequested: z.number().int().describe('Pedidos de repasse esperando a administração'),
    })
    .describe('Recebimentos dos organizadores (decisão 045)'),
});
export type DashboardReply = z.infer<typeof dashboardReplySchema>;

// ── Users ──

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().describe('Somente dígitos (DDD + número)'),
  role: z.enum(['admin', 'player']),
  credits: z.number().describe('Saldo em reais'),
  createdAt: isoDateTime,
  deleted: z.boolean().describe('Conta excluída pelo dono: nome e contatos apagados'),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.strictObject({
  search: searchQuery.describe('Trecho do nome ou do e-mail, sem diferenciar maiúsculas'),
  page: pageQuery,
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersReplySchema = z.object({
  users: z.array(adminUserSchema).describe('10 por página, mais recentes primeiro'),
  ...searchablePageShape,
});
export type AdminUsersReply = z.infer<typeof adminUsersReplySchema>;

export const MAX_LOOKUP_IDS = 100;

/** `1,2,3`: distinct positive ids, at most 100, in the order given. */
export const userLookupQuerySchema = z.strictObject({
  ids: z
    .string({ error: text.lookupIdsInvalid })
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const ids = parts.map(Number);
      if (parts.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: text.lookupIdsInvalid });
        return z.NEVER;
      }
      const distinct = [...new Set(ids)];
      if (distinct.length > MAX_LOOKUP_IDS) {
        ctx.addIssue({ code: 'custom', message: text.lookupIdsInvalid });
        return z.NEVER;
      }
      return distinct;
    })
    .describe('Ids separados por vírgula (até 100)'),
});

export const userLookupItemSchema = z.object({
  id: z.number().int(),
  found: z.boolean().describe("false: o id não existe e os campos são o marcador 'Usuário não encontrado'"),
  name: z.string(),
  email: z.string().describe("'N/A' quando o usuário não existe"),
  phone: z.string().nullable(),
  credits: z.number(),
});
export type UserLookupItem = z.infer<typeof userLookupItemSchema>;
export const userLookupReplySchema = z.array(userLookupItemSchema).describe('Um item por id distinto, na ordem pedida');

// ── Credits and payments ──

export const MAX_MANUAL_CREDIT_REAIS = 10_000;

export const addCreditsBodySchema = z.strictObject({
  amount: reaisToCentsSchema({
    min: 0.01,
    max: MAX_MANUAL_CREDIT_REAIS,
    messages: { invalid: text.creditsMinimum, max: text.creditsMaximum },
    description: 'Reais a adicionar (número JSON): de 0,01 a 10.000, no máximo duas casas decimais',
  }),
});
export type AddCreditsBody = z.input<typeof addCreditsBodySchema>;

export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_\-:.]{1,200}$/, text.idempotencyKeyInvalid)
    .optional()
    .describe('Opcional: repetir o pedido com a mesma chave não adiciona de novo (devolve o mesmo lançamento)'),
});

export const creditTransactionTypeSchema = z.enum(['add_manual', 'add_stripe', 'add_pix', 'spend_game', 'refund', 'forfeit']);

export const creditTransactionViewSchema = z.object({
  id: z.number().int(),
  created_at: isoDateTime,
  amount: z.number().describe('Reais, com sinal: entradas positivas, gastos negativos'),
  type: creditTransactionTypeSchema,
  description: z.string(),
  status: z.string().describe('paid, ou outro estado do lançamento'),
  source: z.string().describe('De onde veio o movimento: admin, credit, card, pix…'),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('O administrador que lançou (add_manual)'),
});
export type CreditTransactionView = z.infer<typeof creditTransactionViewSchema>;

export const addCreditsReplySchema = z.object({
  message: z.string(),
  credits: z.number().describe('Saldo do usuário depois do lançamento, em reais'),
  transaction: creditTransactionViewSchema,
});
export type AddCreditsReply = z.infer<typeof addCreditsReplySchema>;

export const providerPaymentViewSchema = z.object({
  id: z.number().int(),
  created_at: isoDateTime,
  amount: z.number().describe('Reais cobrados'),
  method: z.enum(['card', 'pix']),
  provider: z.enum(['stripe', 'mercadopago', 'sandbox']),
  status: z.enum(['pending', 'paid', 'expired', 'failed', 'refunded']),
  purpose: z.enum(['topup', 'game']).describe('topup: compra de créditos; game: vaga de um jogo'),
  game: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string(),
  refundedAmount: z.number().describe('Reais já estornados ou devolvidos em créditos'),
  paidAt: isoDateTime.nullable(),
});
export type ProviderPaymentView = z.infer<typeof providerPaymentViewSchema>;

export const userPaymentsQuerySchema = z.strictObject({ page: pageQuery.describe('Página do extrato de créditos, a partir de 1') });
export type UserPaymentsQuery = z.infer<typeof userPaymentsQuerySchema>;

export const userPaymentsReplySchema = z.object({
  stripePayments: z
    .array(providerPaymentViewSchema)
    .describe(
      `Os ${ADMIN_PROVIDER_PAYMENTS_SHOWN} pagamentos mais recentes do usuário nos provedores (cartão e PIX), mais recentes primeiro`,
    ),
  stripePaymentsTotal: z.number().int().describe('Quantos pagamentos por cartão e PIX o usuário tem ao todo'),
  creditTransactions: z
    .array(creditTransactionViewSchema)
    .describe(`Uma página do extrato de créditos (${ADMIN_STATEMENT_PAGE_SIZE} lançamentos), mais recentes primeiro`),
  ...pageShape,
});
export type UserPaymentsReply = z.infer<typeof userPaymentsReplySchema>;

// ── Games ──

/**
 * The admin's game payload is the organisers' `gamePayloadSchema` (user-games.ts); the admin area
 * only words three errors its own way (spec §5) and requires the price.
 */
export const adminGameReplySchema = z.object({ message: z.string(), game: userGameSchema });
export type AdminGameReply = z.infer<typeof adminGameReplySchema>;

export const adminGamesQuerySchema = z.strictObject({
  search: searchQuery.describe('Trecho do nome ou do local'),
  status: z
    .preprocess(emptyToUndefined, z.enum(['active', 'cancelled', 'all']).default('active'))
    .describe('active (padrão): sem os cancelados/excluídos; cancelled; all'),
  when: z.preprocess(emptyToUndefined, z.enum(['upcoming', 'past']).optional()).describe('upcoming: data futura; past: já começou'),
  state: z.preprocess(emptyToUndefined, z.enum(['draft', 'published']).optional()).describe('Publicação'),
  page: pageQuery,
});
export type AdminGamesQuery = z.output<typeof adminGamesQuerySchema>;

export const adminGamesReplySchema = z.object({
  games: z
    .array(userGameSchema)
    .describe('20 por página; upcoming: mais próximos primeiro; past e sem filtro de data: mais recentes primeiro'),
  ...searchablePageShape,
});
export type AdminGamesReply = z.infer<typeof adminGamesReplySchema>;

export const adminGamePlayerSchema = z.object({
  id: z.number().int().describe('Id do usuário (o que DELETE /admin/games/{id}/users/{userId} recebe)'),
  registrationId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().describe('Somente dígitos; a tela formata (DD) NNNNN-NNNN'),
  credits: z.number().describe('Saldo em reais'),
  status: registrationStatusSchema,
  paymentType: paymentTypeSchema.nullable(),
  paidAmount: z.number().describe('Reais pagos pela inscrição (base do reembolso)'),
  joinedAt: isoDateTime,
  paymentDeadline: isoDateTime.nullable().describe('Só para quem está aguardando pagamento'),
  position: z.number().int().nullable().describe('Posição na lista de espera, a partir de 1'),
});
export type AdminGamePlayer = z.infer<typeof adminGamePlayerSchema>;

export const adminGameDetailSchema = userGameSchema.extend({
  players: z.array(adminGamePlayerSchema).describe('Confirmados e aguardando pagamento (ocupam vaga), por ordem de inscrição'),
  waitlist: z.array(adminGamePlayerSchema).describe('A fila, na ordem'),
});
export type AdminGameDetail = z.infer<typeof adminGameDetailSchema>;

export const userParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const refundOutcomeViewSchema = z
  .enum(['credits', 'request', 'none'])
  .describe('credits: devolvido aos créditos; request: pedido de reembolso (cartão/PIX) criado; none: nada pago pela plataforma');

/** A refund the administration gives after a game started must say it was meant (decision 063). */
export const confirmRefundBodySchema = z.strictObject({
  confirm: z
    .boolean({ error: messages.confirmInvalid })
    .nullish()
    .describe('true: confirma devolver o dinheiro de um jogo que já começou, tirando a parte do organizador mesmo se já repassada'),
});
export type ConfirmRefundBody = z.input<typeof confirmRefundBodySchema>;

export const removePlayerReplySchema = z.object({
  message: z.string(),
  refund: refundOutcomeViewSchema,
  refundedAmount: z.number().describe('Reais devolvidos ou pedidos'),
  refundedAtOnce: z.boolean().describe('Em request: o provedor já devolveu ao cartão/PIX (false: ficou em Cancelamentos)'),
});
export type RemovePlayerReply = z.infer<typeof removePlayerReplySchema>;

export const deleteGameReplySchema = z.object({
  message: z.string(),
  playersNotified: z.number().int().describe('Inscritos, aguardando pagamento e fila avisados'),
  refundedToCredits: z.number().describe('Reais devolvidos em créditos'),
  refundedToOriginal: z.number().describe('Reais devolvidos na hora ao cartão/PIX pelo provedor'),
  refundRequests: z.number().int().describe('Reembolsos de cartão/PIX que o provedor não concluiu: ficam na tela de cancelamentos'),
  refundRequestedAmount: z.number().describe('Reais nesses pedidos'),
});
export type DeleteGameReply = z.infer<typeof deleteGameReplySchema>;

// ── Cancellations (refund requests) ──

export const cancellationStatusSchema = z.enum(['pending', 'processed', 'rejected']);
export type CancellationStatus = z.infer<typeof cancellationStatusSchema>;

export const cancellationsQuerySchema = z.strictObject({
  status: z.preprocess(emptyToUndefined, cancellationStatusSchema.optional()).describe('Sem valor: todos'),
  page: pageQuery,
});
export type CancellationsQuery = z.output<typeof cancellationsQuerySchema>;

export const cancellationSchema = z.object({
  id: z.number().int(),
  game: z.object({ id: z.number().int(), name: z.string(), dateTime: isoDateTime, timeZone: z.string().describe('Fuso IANA do jogo') }),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  reason: z.string().nullable(),
  date: isoDateTime.describe('Quando o pedido foi criado'),
  status: cancellationStatusSchema,
  amount: z.number().describe('Reais a reembolsar'),
  paymentType: paymentTypeSchema.describe('Como foi pago: stripe (cartão) ou mercadopago (PIX)'),
  paymentMethod: z.enum(['card', 'pix', 'credit', 'external']),
  refundedAs: z.enum(['credits', 'original']).nullable().describe('Só em processed: como o reembolso foi feito'),
  rejectionReason: z.string().nullable().describe('Só em rejected'),
  processedAt: isoDateTime.nullable(),
  processedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  refundGuaranteed: z
    .boolean()
    .describe('Reembolso garantido pelos Termos (cancelado com 48 h ou mais, jogo cancelado ou jogador removido): não pode ser rejeitado'),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const cancellationsReplySchema = z.object({
  cancellations: z.array(cancellationSchema).describe('20 por página, mais recentes primeiro'),
  ...pageShape,
});
export type CancellationsReply = z.infer<typeof cancellationsReplySchema>;

export const resolveCancellationBodySchema = z
  .strictObject({
    status: z.enum(['processed', 'rejected'], { error: 'Informe o status: processed ou rejected.' }),
    reason: z.string().trim().max(500, text.textTooLong(500)).optional().describe('Obrigatório para rejected'),
    refundAs: z
      .enum(['credits', 'original'])
      .default('original')
      .describe('Em processed: original (estorno no cartão/PIX, padrão) ou credits (créditos na conta)'),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: text.rejectionReasonRequired });
  });
export type ResolveCancellationBody = z.input<typeof resolveCancellationBodySchema>;
export type ResolveCancellationInput = z.output<typeof resolveCancellationBodySchema>;

export const resolveCancellationReplySchema = z.object({ message: z.string(), cancellation: cancellationSchema });
export type ResolveCancellationReply = z.infer<typeof resolveCancellationReplySchema>;

// ── Reference cities ──

/** A city as the admin sees it: active or not, with its IBGE code (null for one added before the codes). */
export const adminCitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  stateId: z.number().int(),
  active: z.boolean(),
  ibgeCode: z.string().nullable().describe('Código IBGE do município (7 dígitos)'),
});
export type AdminCity = z.infer<typeof adminCitySchema>;

export const adminCitiesReplySchema = z.array(adminCitySchema).describe('Todas as cidades do estado, ativas ou não, por nome');

export const addCityBodySchema = z.strictObject({
  name: z
    .string({ error: messages.admin.cityNameRequired })
    .trim()
    .min(2, messages.admin.cityNameRequired)
    .max(100, messages.admin.cityNameTooLong),
  ibgeCode: z
    .string({ error: messages.admin.ibgeCodeInvalid })
    .trim()
    .regex(/^\d{7}$/, messages.admin.ibgeCodeInvalid)
    .describe('Código IBGE do município: 7 dígitos, começando pelo código do estado (SC = 42)'),
});
export type AddCityBody = z.input<typeof addCityBodySchema>;

export const addCityReplySchema = z.object({ message: z.string(), city: adminCitySchema });
