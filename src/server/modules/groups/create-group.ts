import { eq, like, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { numberedSlug, slugFromName } from '../../../shared/rules/group-slug';
import type { CreateGroupBody, GroupReply } from '../../../shared/schemas/groups';
import type { AuthUser, ServerContext } from '../../core/context';
import { generatePrivateLink } from '../../core/games/private-link';
import { toGroupView } from '../../core/groups/group-view';
import type { Tx } from '../../db/open-database';
import { cities, groupMembers, groups } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The first free slug of a name: the name's own, else with the lowest number from 2 not taken. Two turmas of one name
 * created at once take turns on a lock of the name (till commit), so the second sees the first's slug.
 */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups.slug:${base}`}))`);
  const taken = await tx
    .select({ slug: groups.slug })
    .from(groups)
    .where(or(eq(groups.slug, base), like(groups.slug, `${base}-%`)));
  const names = new Set(taken.map((row) => row.slug));
  let n = 1;
  while (names.has(numberedSlug(base, n))) n += 1;
  return numberedSlug(base, n);
}

/**
 * Creates a turma with the caller as its owner (and payee of its games, decision 074). Its slug comes from the name
 * (accents stripped); a slug taken gets the next number, so a name already used is no error.
 */
export async function createGroup(ctx: ServerContext, user: AuthUser, body: CreateGroupBody): Promise<GroupReply> {
  const base = slugFromName(body.name);
  if (base === '')
    throw new AppError('validation_failed', messages.groups.nameWithoutLetters, { name: messages.groups.nameWithoutLetters });
  const row = await ctx.db.transaction(async (tx) => {
    const [city] = await tx.select({ active: cities.active }).from(cities).where(eq(cities.id, body.cityId));
    if (!city?.active) throw new AppError('validation_failed', messages.groups.cityInvalid, { cityId: messages.groups.cityInvalid });
    const now = ctx.clock.now();
    const [created] = await tx
      .insert(groups)
      .values({
        name: body.name,
        slug: await freeSlug(tx, base),
        description: body.description ?? '',
        cityId: body.cityId,
        visibility: body.visibility ?? 'public',
        joinPolicy: body.joinPolicy ?? 'open',
        inviteToken: generatePrivateLink(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(groupMembers)
      .values({ groupId: created!.id, userId: user.id, role: 'owner', status: 'member', createdAt: now, joinedAt: now });
    return created!;
  });
  return { message: messages.groups.created(row.name), group: await toGroupView(ctx.db, row) };
}
