import type { MeReply } from '../../../shared/schemas/users';
import type { AuthUser } from '../../http/authentication';
import { toPublicUser } from './public-user';

/** The signed-in user with their games (filled by the games module). */
export async function getMe(user: AuthUser): Promise<MeReply> {
  return { ...toPublicUser(user), myGames: [], waitlistedGames: [] };
}
