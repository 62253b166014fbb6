import type { AuthReply } from '../../../shared/schemas/auth';
import type { users } from '../../db/schema';
import { toPublicUser } from '../users/public-user';
import type { TokenService } from './token-service';

export async function issueSession(tokens: TokenService, user: typeof users.$inferSelect): Promise<AuthReply> {
  const token = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { token, user: toPublicUser(user) };
}
