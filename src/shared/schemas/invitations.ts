import { z } from './z';
import { gameSchema } from './games';

export const invitationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  game: gameSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationStatsReplySchema = z.object({
  total: z.number().int().describe('Convites recebidos'),
  upcoming: z.number().int().describe('Convites para jogos que ainda vão acontecer'),
});
export type InvitationStatsReply = z.infer<typeof invitationStatsReplySchema>;
