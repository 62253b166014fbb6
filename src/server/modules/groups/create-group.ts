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

/** A slug the owner chose: theirs if no turma has it (under the same lock as `freeSlug`'s), else a 409 naming it. */
async function chosenSlug(tx: Tx, slug: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups.slug:${slug}`}))`);
  const [taken] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.slug, slug));
  if (taken) throw new AppError('group_slug_taken', messages.groups.slugTaken(slug), { slug: messages.groups.slugTaken(slug) });
  return slug;
}

/**
 * Creates a turma with the caller as its owner (and payee of its games, decision 074). Its slug is the one chosen, if
 * free (409 if not); else it comes from the name (accents stripped), and a slug taken gets the next number, so a name
 * already used is no error. The unique index settles a chosen slug that a name's numbering reaches at the same moment.
 */
export async function createGroup(ctx: ServerContext, user: AuthUser, body: CreateGroupBody): Promise<GroupReply> {
  const base = slugFromName(body.name);
  if (base === '')
    throw new AppError('validation_failed', messages.groups.nameWithoutLetters, { name: messages.groups.nameWithoutLetters });
  const row = await ctx.db.transaction(async (tx) => {
    await assertActiveCity(tx, body.cityId);
    const now = ctx.clock.now();
    const [created] = await tx
      .insert(groups)
      .values({
        name: body.name,
        slug: body.slug ? await chosenSlug(tx, body.slug) : await freeSlug(tx, base),
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

/** A turma plays in a city of the list: an unknown or inactive one is a 400 on the field. */
export async function assertActiveCity(tx: Tx, cityId: number): Promise<void> {
  const [city] = await tx.select({ active: cities.active }).from(cities).where(eq(cities.id, cityId));
  if (!city?.active) throw new AppError('validation_failed', messages.groups.cityInvalid, { cityId: messages.groups.cityInvalid });
}
