import type { AuthReply } from '../../../shared/schemas/auth';
import { toPublicUser } from '../../core/users/public-user';
import type { users } from '../../db/schema';
import type { TokenService } from '../../lib/token-service';

export async function issueSession(tokens: TokenService, user: typeof users.$inferSelect): Promise<AuthReply> {
  const token = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
  return { token, user: toPublicUser(user) };
}
