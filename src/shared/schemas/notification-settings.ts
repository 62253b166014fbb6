import { z } from './z';

/**
 * The kinds of notice a person can turn off, each by e-mail and by push, one by one (decision 044). Security e-mails
 * (codes, account notices) are no kind: they always go.
 */
export const notificationKinds = ['reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser', 'groups', 'messages'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What each kind is about, as the profile and the e-mails' footers name it. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  reminders: 'lembretes de jogos',
  places: 'vagas e lista de espera',
  changes: 'mudanças e cancelamentos de jogos',
  invitations: 'convites para jogos',
  receipts: 'recibos e créditos',
  organiser: 'novidades dos jogos que você organiza',
  groups: 'jogos novos das suas turmas',
  messages: 'avisos de quem organiza os seus jogos',
};

const channelsSchema = z.object({
  email: z.boolean().describe('Receber por e-mail'),
  push: z.boolean().describe('Receber como notificação no celular ou no computador (aparelhos ativados)'),
});
export type NotificationChannels = z.infer<typeof channelsSchema>;

/** Every kind with both channels: what GET returns and PUT answers. Everything is on until turned off. */
export const notificationSettingsSchema = z.object({
  reminders: channelsSchema,
  places: channelsSchema,
  changes: channelsSchema,
  invitations: channelsSchema,
  receipts: channelsSchema,
  organiser: channelsSchema,
  groups: channelsSchema,
  messages: channelsSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const channelsChangeSchema = z.strictObject({ email: z.boolean().optional(), push: z.boolean().optional() });

/** A change: only the kinds (and channels) sent change; an unknown kind is refused, naming it. */
export const updateNotificationSettingsBodySchema = z.strictObject({
  reminders: channelsChangeSchema.optional(),
  places: channelsChangeSchema.optional(),
  changes: channelsChangeSchema.optional(),
  invitations: channelsChangeSchema.optional(),
  receipts: channelsChangeSchema.optional(),
  organiser: channelsChangeSchema.optional(),
  groups: channelsChangeSchema.optional(),
  messages: channelsChangeSchema.optional(),
});
export type UpdateNotificationSettingsBody = z.input<typeof updateNotificationSettingsBodySchema>;

/** The one-click unsubscribe link of an e-mail: its signed token (kind, account, expiry). */
export const unsubscribeParamsSchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * What a mail program's one-click posts (RFC 8058), as the link's confirmation page does; the token alone says what
 * to turn off, so an empty body is as good.
 */
export const unsubscribeBodySchema = z.strictObject({
  'List-Unsubscribe': z.literal('One-Click', { error: 'O corpo do pedido deve ser List-Unsubscribe=One-Click.' }),
});
export type UnsubscribeBody = z.input<typeof unsubscribeBodySchema>;
