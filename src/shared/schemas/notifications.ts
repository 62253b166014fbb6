import { z } from './z';
import { pageQueryShape } from './common';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  gameId: z.number().int().nullable(),
  link: z
    .string()
    .nullable()
    .describe('Onde a notificação leva: a página do jogo, ou a da turma num aviso da turma (/t/{slug}); null se a nenhum lugar'),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.strictObject(pageQueryShape(100));

export const unreadCountReplySchema = z.object({ count: z.number().int() });
export type UnreadCountReply = z.infer<typeof unreadCountReplySchema>;

export const markReadReplySchema = z.object({ id: z.number().int(), read: z.literal(true) });
export type MarkReadReply = z.infer<typeof markReadReplySchema>;

export const markAllReadReplySchema = z.object({
  message: z.string(),
  updated: z.number().int().describe('Quantas notificações estavam por ler e foram marcadas agora'),
});
export type MarkAllReadReply = z.infer<typeof markAllReadReplySchema>;
