import { toReais } from '../../../shared/money';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { users } from '../../db/schema';

export function toPublicUser(user: typeof users.$inferSelect): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    credits: toReais(user.balanceCents),
  };
}
