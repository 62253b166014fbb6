import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Queryable } from '../../db/open-database';
import { games, notifications, users } from '../../db/schema';
import { organiserNewsEmail } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { notify, noteNoticeKind, type PendingMail, queueMail } from '../notifications/notify';
import { gamePath, when } from './game-notices';
import type { GameRow } from './registration-guards';

type Organiser = { id: number; name: string; email: string };

/**
 * Who hears of a new player: the game's (or series') creator, unless that is an administrator (the platform's games,
 * followed on the dashboard), the player themselves, or an erased account. The one-statement apply
 * (`modules/games/fast-apply.ts`) writes the same rule in SQL.
 */
async function organiserToTell(
  tx: Queryable,
  creatorId: number,
  playerId: number,
): Promise<{ organiser: Organiser; player: string } | undefined> {
  const [organiser] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, creatorId), ne(users.id, playerId), eq(users.role, 'player'), isNull(users.deletedAt)));
  if (!organiser) return undefined;
  const [player] = await tx.select({ name: users.name }).from(users).where(eq(users.id, playerId));
  return { organiser, player: player!.name };
}

function registrationEmail(
  ctx: Pick<ServerContext, 'config'>,
  game: GameRow,
  organiser: Organiser,
  player: string,
  status: 'confirmed' | 'waitlist',
) {
  return organiserNewsEmail({
    to: organiser.email,
    name: organiser.name,
    subject: messages.notice.newRegistrationSubject(game.name),
    news: status,
    player,
    what: `${game.name} (${when(game)})`,
    path: gamePath(game.id),
    publicUrl: ctx.config.publicUrl,
  });
}

/**
 * Tells the organiser of a new player in their game, confirmed or in line, in the transaction that wrote the
 * registration: a notice (pushed as any other) and an e-mail, each as the organiser's preferences for `organiser` say.
 */
export async function noticeOrganiserOfRegistration(
  tx: Queryable,
  ctx: Pick<ServerContext, 'config'>,
  mails: PendingMail,
  game: GameRow,
  playerId: number,
  status: 'confirmed' | 'waitlist',
): Promise<void> {
  const found = await organiserToTell(tx, game.creatorId, playerId);
  if (!found) return;
  const { organiser, player } = found;
  const message =
    status === 'confirmed'
      ? messages.notice.newRegistration(game.name, when(game), player)
      : messages.notice.newWaitlisted(game.name, when(game), player);
  await notify(tx, organiser.id, 'new_registration', message, game.id, playerId);
  await queueMail(tx, mails, registrationEmail(ctx, game, organiser, player, status));
}

/**
 * The e-mail of an organiser's notice the one-statement apply already wrote and committed (`noticeId`), as the
 * organiser's preference says: queued in the transaction that takes away the request the statement wrote with the
 * notice (`organiserNewsRequests`, `modules/games/fast-apply.ts`).
 */
export async function mailOrganiserOfFastApply(
  tx: Queryable,
  ctx: Pick<ServerContext, 'config'>,
  mails: PendingMail,
  noticeId: number,
  status: 'confirmed' | 'waitlist',
): Promise<void> {
  const [notice] = await tx
    .select({ organiserId: notifications.userId, playerId: notifications.aboutUserId, game: games })
    .from(notifications)
    .innerJoin(games, eq(games.id, notifications.gameId))
    .where(eq(notifications.id, noticeId));
  if (!notice || notice.playerId === null) return;
  const found = await organiserToTell(tx, notice.organiserId, notice.playerId);
  if (!found) return;
  noteNoticeKind(tx, found.organiser.id, 'organiser');
  await queueMail(tx, mails, registrationEmail(ctx, notice.game, found.organiser, found.player, status));
}

/** Tells a series' organiser of a new mensalista, in the transaction that made them one. */
export async function noticeOrganiserOfMember(
  tx: Queryable,
  ctx: Pick<ServerContext, 'config'>,
  mails: PendingMail,
  series: { id: number; creatorId: number; name: string },
  playerId: number,
): Promise<void> {
  const found = await organiserToTell(tx, series.creatorId, playerId);
  if (!found) return;
  const { organiser, player } = found;
  await notify(tx, organiser.id, 'new_series_member', messages.notice.newSeriesMember(series.name, player), undefined, playerId);
  await queueMail(
    tx,
    mails,
    organiserNewsEmail({
      to: organiser.email,
      name: organiser.name,
      subject: messages.notice.newSeriesMemberSubject(series.name),
      news: 'member',
      player,
      what: series.name,
      path: `/my-series/${series.id}`,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/**
 * An erased account's name leaves the organisers' notices that named it: each ends with the name
 * (`messages.notice.newRegistration`…), which becomes "Conta excluída".
 */
export async function eraseNameFromNotices(tx: Queryable, person: { id: number; name: string }): Promise<void> {
  if (person.name === '') return;
  await tx
    .update(notifications)
    .set({
      message: sql`left(${notifications.message}, length(${notifications.message}) - length(${person.name}::text)) || ${messages.accountDeleted}`,
    })
    .where(
      and(eq(notifications.aboutUserId, person.id), sql`right(${notifications.message}, length(${person.name}::text)) = ${person.name}`),
    );
}
