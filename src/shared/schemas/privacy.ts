import { z } from './z';

/** How long this installation keeps what it no longer needs, as its privacy policy states it (decision 043). */
export const retentionReplySchema = z.object({
  notificationsDays: z.number().int().describe('Notificações são apagadas depois de tantos dias'),
  emailsDays: z.number().int().describe('Cópias dos e-mails enviados são apagadas depois de tantos dias'),
  inactiveAccountYears: z.number().int().describe('Contas sem uso por tantos anos podem ser excluídas, com aviso antes'),
  warningDays: z.number().int().describe('Dias de antecedência do e-mail que avisa a exclusão de uma conta inativa'),
});
export type RetentionReply = z.infer<typeof retentionReplySchema>;
