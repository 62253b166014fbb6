import { inArray } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { UserLookupItem } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import { users } from '../../db/schema';
import { displayName } from '../../core/users/display-name';

/** Several users at once, in the order asked; an unknown id gets the spec's placeholder. */
export async function lookupUsers(ctx: ServerContext, ids: number[]): Promise<UserLookupItem[]> {
  const rows = await ctx.db
    .select({ id: users.id, name: displayName, email: users.email, phone: users.phone, balanceCents: users.balanceCents })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const user = byId.get(id);
    if (!user) return { id, found: false, name: messages.admin.missingUserName, email: 'N/A', phone: null, credits: 0 };
    return { id, found: true, name: user.name, email: user.email, phone: user.phone, credits: toReais(user.balanceCents) };
  });
}
