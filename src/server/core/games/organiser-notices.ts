import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { gameMessageTexts } from '../../../shared/game-message-texts';
import { messages } from '../../../shared/messages';
import type { Queryable } from '../../db/open-database';
import { notifications, users } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { organiserNewsEmail } from '../../integrations/mail/templates';
import type { ServerContext } from '../context';
import { mailOfKind, notify, type PendingMail, queueFinishedMails, queueMail } from '../notifications/notify';
import { kindOfType } from '../notifications/notification-kinds';
import { UNSUBSCRIBE_SECRET_SETTING, unsubscribeSecret } from '../notifications/unsubscribe-link';
import { gamePath } from '../../../shared/links';
import { when } from './game-notices';
import type { GameRow } from './registration-guards';

type Organiser = { id: number; name: string; email: string };

/**
 * Who hears of a new player: the game's (or series') creator, unless that is an administrator (the platform's games,
 * followed on the dashboard), the player themselves, or an erased account. The one-statement apply
 * (`modules/games/fast-apply.ts`) and the read of its e-mails (`mailOrganisersOfFastApplies`) write the same rule in SQL.
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
  game: Pick<GameRow, 'id' | 'name' | 'dateTime' | 'timeZone'>,
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
  await notify(tx, organiser.id, 'new_registration', message, game.id, { personId: playerId });
  await queueMail(tx, mails, registrationEmail(ctx, game, organiser, player, status));
}

/** The preference an organiser's news of a new player follows. */
const ORGANISER_KIND = kindOfType.new_registration;

type OrganiserNewsRow = {
  notice_id: number;
  organiser_id: number;
  organiser_name: string;
  organiser_email: string;
  player: string;
  game_id: number;
  game_name: string;
  date_time: Date | string;
  time_zone: string;
  is_email_off: boolean;
  now_seconds: number;
  secret: string | null;
};

/**
 * The e-mails of organisers' notices that one-statement applies already wrote and committed, as each organiser's
 * preference says: queued in the transaction that takes away the requests the statements wrote with the notices
 * (`organiserNewsRequests`, `modules/games/fast-apply.ts`). What they need (the notice with its game, the organiser by
 * `organiserToTell`'s rule, the player's name, the preference, the database's clock and the unsubscribe links' key)
 * is read in one statement for all of them, and they go to the outbox in one more.
 */
export async function mailOrganisersOfFastApplies(
  tx: Queryable,
  ctx: Pick<ServerContext, 'config'>,
  mails: PendingMail,
  requests: { noticeId: number; outcome: 'confirmed' | 'waitlist' }[],
): Promise<void> {
  if (requests.length === 0) return;
  const { rows } = (await tx.execute(sql`
    select n.id as notice_id, o.id as organiser_id, o.name as organiser_name, o.email as organiser_email, p.name as player,
      g.id as game_id, g.name as game_name, g.date_time, g.time_zone,
      coalesce((select not s.email from notification_settings s where s.user_id = o.id and s.kind = ${ORGANISER_KIND}), false) as is_email_off,
      extract(epoch from now())::float8 as now_seconds,
      (select value from app_settings where key = ${UNSUBSCRIBE_SECRET_SETTING}) as secret
    from notifications n
    join games g on g.id = n.game_id
    join users o on o.id = n.user_id and o.id <> n.about_user_id and o.role = 'player' and o.deleted_at is null
    join users p on p.id = n.about_user_id
    where n.id in (${sql.join(
      requests.map((request) => sql`${request.noticeId}`),
      sql`, `,
    )})`)) as unknown as { rows: OrganiserNewsRow[] };
  const found = new Map(rows.map((row) => [row.notice_id, row]));
  const finished: MailMessage[] = [];
  for (const { noticeId, outcome } of requests) {
    const row = found.get(noticeId);
    if (!row) continue;
    const game = { id: row.game_id, name: row.game_name, dateTime: new Date(row.date_time), timeZone: row.time_zone };
    const organiser = { id: row.organiser_id, name: row.organiser_name, email: row.organiser_email };
    const mail = mailOfKind(registrationEmail(ctx, game, organiser, row.player, outcome), {
      userId: organiser.id,
      kind: ORGANISER_KIND,
      isEmailOff: row.is_email_off,
      nowSeconds: row.now_seconds,
      secret: row.secret ?? (await unsubscribeSecret(tx)),
    });
    if (mail) finished.push(mail);
  }
  await queueFinishedMails(tx, mails, finished);
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
  await notify(tx, organiser.id, 'new_series_member', messages.notice.newSeriesMember(series.name, player), undefined, {
    personId: playerId,
  });
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
 * An erased account's name leaves the notices that named it: an organiser's notice ends with the name
 * (`messages.notice.newRegistration`…), an aviso begins with its sender's; either becomes "Conta excluída".
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
  // An aviso begins with its sender's name ("Aviso de Ana Souza: …", decision 077).
  const from = gameMessageTexts.notice(person.name, '');
  await tx
    .update(notifications)
    .set({
      message: sql`${gameMessageTexts.notice(messages.accountDeleted, '')} || substr(${notifications.message}, length(${from}::text) + 1)`,
    })
    .where(
      and(
        eq(notifications.aboutUserId, person.id),
        inArray(notifications.type, ['game_message', 'group_message']),
        sql`left(${notifications.message}, length(${from}::text)) = ${from}`,
      ),
    );
}
