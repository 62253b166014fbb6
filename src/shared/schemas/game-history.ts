import { z } from './z';
import { paymentTypeSchema } from './games';

/**
 * What can happen to a game (decision 075), each written with the change that did it: the game itself (created,
 * edited, published, back to draft, a new private link, cancelled), its players (joined, confirmed by a payment,
 * promoted from the line, left, removed, a hold that expired), its money (refunded), its walk-ins and its messages.
 */
export const gameEventActions = [
  'created',
  'edited',
  'published',
  'unpublished',
  'link_regenerated',
  'player_joined',
  'player_confirmed',
  'player_promoted',
  'player_left',
  'player_removed',
  'payment_expired',
  'refunded',
  'walk_in_added',
  'walk_in_removed',
  'cancelled',
  'message_sent',
] as const;
export type GameEventAction = (typeof gameEventActions)[number];

/** The fields an edit reports, each with its value before and after (none for the long or the referenced ones). */
export const gameChangeFields = [
  'name',
  'location',
  'address',
  'date',
  'time',
  'price',
  'totalSlots',
  'description',
  'visibility',
  'usePlatformPayment',
  'sport',
  'state',
  'city',
] as const;
export type GameChangeField = (typeof gameChangeFields)[number];

const changeValue = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const gameChangeSchema = z.object({
  field: z.enum(gameChangeFields),
  from: changeValue.describe('date: AAAA-MM-DD e time: HH:mm no fuso do jogo; price: reais; null onde o valor não é guardado'),
  to: changeValue,
});
export type GameChange = z.infer<typeof gameChangeSchema>;

const placeStatus = z.enum(['confirmed', 'pending', 'waitlist']);

export const gameEventDetailsSchema = z.object({
  player: z.object({ id: z.number().int(), name: z.string() }).optional().describe('O jogador de quem se trata'),
  walkIn: z.string().optional().describe('O nome do avulso'),
  status: placeStatus.optional().describe('O que o jogador ganhou: vaga confirmada, vaga aguardando pagamento ou fila'),
  from: placeStatus.optional().describe('Onde o jogador estava ao sair ou ser tirado'),
  member: z.boolean().optional().describe('Mensalista da série do jogo'),
  amount: z.number().optional().describe('Reais pagos ou devolvidos'),
  paymentType: paymentTypeSchema.nullable().optional(),
  refund: z.enum(['credits', 'request']).optional().describe('credits: devolvido aos créditos; request: ao cartão/PIX'),
  changes: z.array(gameChangeSchema).optional().describe('O que uma edição mudou'),
  reason: z.string().optional().describe('O motivo de um cancelamento'),
  players: z.number().int().optional().describe('Quantos jogadores um cancelamento ou uma retirada atingiu'),
  audience: z.enum(['confirmed', 'all']).optional().describe('A quem foi um aviso'),
  byAdmin: z.boolean().optional().describe('Feito pela administração'),
});
export type GameEventDetails = z.infer<typeof gameEventDetailsSchema>;

export const gameHistoryEntrySchema = z.object({
  at: z.string().describe('Instante ISO 8601 (UTC)'),
  actor: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('Quem fez; null para o próprio sistema (a fila, um prazo de pagamento, uma série)'),
  action: z.enum(gameEventActions),
  details: gameEventDetailsSchema,
});
export type GameHistoryEntry = z.infer<typeof gameHistoryEntrySchema>;

export const gameHistoryReplySchema = z.object({
  timeZone: z.string().describe('O fuso do jogo, em que as datas das entradas são lidas'),
  entries: z.array(gameHistoryEntrySchema).describe('Da mais nova à mais antiga'),
});
export type GameHistoryReply = z.infer<typeof gameHistoryReplySchema>;

export const gameListTextSchema = z
  .string()
  .describe(
    'A lista como se cola no WhatsApp: a linha do jogo, os confirmados numerados (mensalistas, avulsos e ✅ pago pela plataforma) e a lista de espera',
  );
