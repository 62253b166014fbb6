import { sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { users } from '../../db/schema';

/** The user's name as screens show it: a deleted account has none left, only "Conta excluída". */
export const displayName = sql<string>`case when ${users.deletedAt} is null then ${users.name} else ${messages.accountDeleted} end`;
