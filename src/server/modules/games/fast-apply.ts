import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyBody, ApplyReply, PaymentType } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { SPEND_DESCRIPTION_PREFIX } from '../../core/games/confirm-registration';
import { mailOrganisersOfFastApplies } from '../../core/games/organiser-notices';
import { doMailRequestSoon, type MailRequestHandler } from '../../core/notifications/mail-requests';
import { deliverPushesSoon } from '../../core/notifications/push-delivery';
import { games } from '../../db/schema';
import { GIVE_UP_HOURS } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { TokenClaims } from '../../lib/token-service';
import { confirmedReply, waitlistedReply } from './apply-replies';

type FastApplyRow = {
  outcome: 'confirmed' | 'waitlist' | 'insufficient_balance' | 'fallback';
  payment_type: PaymentType | null;
  paid_cents: number | null;
  balance_cents: number | null;
  organiser_mail_request_id: number | null;
  pushes_queued: boolean;
};

// The notices' {quando} in the game's own zone, read in the same statement: no round trip more before the call.
const gameTimeZone = (gameId: number) =>
  sql`coalesce((select ${games.timeZone} from ${games} where ${games.id} = ${gameId}), ${TIME_ZONE})`;

// The player's notices as the full path words them, for the function to fill in with the game it locked.
const CONFIRMED_NOTICE = messages.notice.registrationConfirmed('{jogo}', '{quando}');
const WAITLISTED_NOTICE = messages.notice.waitlisted('{jogo}', '{quando}', '{posicao}');
// The organiser's, for format(): the game's name, its date and the player's name go in as arguments, never read as the text.
const NEW_REGISTRATION_NOTICE = messages.notice.newRegistration('%1$s', '%2$s', '%3$s');
const NEW_WAITLISTED_NOTICE = messages.notice.newWaitlisted('%1$s', '%2$s', '%3$s');

/**
 * The apply, the organiser's notice and the game's history entry in one statement, so one transaction: the function's outcome decides whether the
 * organiser hears of it, by the rule of `core/games/organiser-notices.ts` (the creator, not an administrator, not the
 * player, not an erased account). The notice's push is queued by the notifications trigger; its e-mail is asked for
 * in the same statement (a `mail_requests` row, `organiserNewsRequests`), so it is written even if this process dies
 * right after the commit.
 */
function fastApplyStatement(gameId: number, claims: TokenClaims, now: string, paysWithCredits: boolean, feePercent: number) {
  const zone = sql`coalesce(g.time_zone, ${TIME_ZONE})`;
  return sql`with applied as materialized (
      select * from fast_apply(${gameId}, ${claims.userId}, ${claims.tokenVersion}, ${now}::timestamptz, ${paysWithCredits}, ${SPEND_DESCRIPTION_PREFIX}, ${CONFIRMED_NOTICE}, ${WAITLISTED_NOTICE}, ${gameTimeZone(gameId)}, ${feePercent}::integer)
    ), organiser_notice as (
      insert into notifications (user_id, game_id, type, message, about_user_id)
      select g.creator_id, g.id, 'new_registration',
        format(case when a.outcome = 'confirmed' then ${NEW_REGISTRATION_NOTICE}::text else ${NEW_WAITLISTED_NOTICE}::text end,
          g.name, to_char(g.date_time at time zone ${zone}, 'DD/MM/YYYY "às" HH24:MI'), p.name),
        p.id
      from applied a
      join games g on g.id = ${gameId}
      join users o on o.id = g.creator_id and o.role = 'player' and o.deleted_at is null and o.id <> ${claims.userId}
      join users p on p.id = ${claims.userId}
      where a.outcome in ('confirmed', 'waitlist')
      returning id, user_id
    ), organiser_mail as (
      insert into mail_requests (kind, payload)
      select 'organiser_news', jsonb_build_object('noticeId', n.id, 'outcome', a.outcome)
      from organiser_notice n, applied a
      returning id
    ), history as (
      -- The game's history (core/games/game-history.ts): the row recordGameEvent writes on the full path.
      insert into game_events (game_id, at, actor_id, action, details)
      select ${gameId}::integer, ${now}::timestamptz, ${claims.userId}::integer, 'player_joined',
        jsonb_strip_nulls(jsonb_build_object('playerId', ${claims.userId}::integer, 'status', a.outcome,
          'cents', case when a.outcome = 'confirmed' then a.paid_cents end, 'paymentType', a.payment_type))
      from applied a
      where a.outcome in ('confirmed', 'waitlist')
    ), told as (
      -- Whom the statement's notices went to, and of which type: the player's (written by fast_apply), the organiser's.
      select ${claims.userId}::integer as user_id, case when a.outcome = 'confirmed' then 'registration_confirmed' else 'waitlisted' end as type
      from applied a
      where a.outcome in ('confirmed', 'waitlist')
      union all
      select n.user_id, 'new_registration' from organiser_notice n
    )
    select applied.*, (select id from organiser_mail) as organiser_mail_request_id,
      -- Whether the notices' trigger (queue_notification_pushes) queued a push, by its own rule: a device of someone
      -- told, whose pushes of that notice's kind are on. Only then does a delivery start after the commit.
      exists (
        select 1 from told t join push_subscriptions s on s.user_id = t.user_id
        where not exists (
          select 1 from notification_settings ns where ns.user_id = t.user_id and ns.kind = notification_kind(t.type) and not ns.push
        )
      ) as pushes_queued
    from applied`;
}

/**
 * The organiser's e-mail of a notice the statement committed, asked for in that statement: written in the transaction
 * that takes the request away (the template and the unsubscribe link's signature are the application's), right after
 * the reply, or by the `mail-requests` job if this process dies first. Given up, as an unsent e-mail is, after a day.
 */
export const organiserNewsRequests: MailRequestHandler<{ noticeId: number; outcome: 'confirmed' | 'waitlist' }> = {
  kind: 'organiser_news',
  dropAfterSeconds: GIVE_UP_HOURS * 3600,
  handle: (tx, ctx, requests, mails) => mailOrganisersOfFastApplies(tx, ctx, mails, requests),
};

/**
 * The common apply in one round trip (the `fast_apply` function, db/definitions/fast_apply.sql), on the token's claims alone (the
 * function checks that the token is still current): a public, open game with nothing to expire and no registration
 * of the caller's yet, paid with credits or outside the platform, confirms and
 * charges a free place or puts the caller in line, with the player's notice, in one statement that is its own
 * transaction. Anything else answers undefined, having changed nothing, and the caller takes applyToGame's full path.
 */
export async function tryFastApply(
  ctx: ServerContext,
  claims: TokenClaims,
  gameId: number,
  body: ApplyBody,
): Promise<ApplyReply | undefined> {
  // Card and PIX open a checkout.
  if (body.paymentType !== undefined && body.paymentType !== 'credit') return undefined;
  const now = ctx.clock.now().toISOString();
  const result = (await ctx.db.execute(
    fastApplyStatement(gameId, claims, now, body.paymentType === 'credit', ctx.config.earnings.feePercent),
  )) as unknown as {
    rows: FastApplyRow[];
  };
  const row = result.rows[0];
  if (!row || row.outcome === 'fallback') return undefined;
  if (row.outcome === 'insufficient_balance') throw new AppError('insufficient_credits', messages.insufficientBalance);
  // The statement was its own transaction: it has committed, and whoever watches the game's places may hear it.
  ctx.changes.gamesChanged([gameId]);
  // Pushes the notices queued go at once rather than at the job's next run; none queued, no delivery to start.
  if (row.pushes_queued) deliverPushesSoon(ctx);
  // The organiser's e-mail is written right after the reply (with others asked for meanwhile), not at the job's next run.
  if (row.organiser_mail_request_id !== null) doMailRequestSoon(ctx, organiserNewsRequests, row.organiser_mail_request_id);
  const credits = toReais(row.balance_cents ?? 0);
  return row.outcome === 'waitlist' ? waitlistedReply(credits) : confirmedReply(row.payment_type, row.paid_cents ?? 0, credits);
}
