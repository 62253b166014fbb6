// Years of a busy platform, written in SQL (generate_series) into a migrated database with its reference data: players,
// organisers from a few with thousands of games to many with few, a player with hundreds of past games, full games with
// waitlists, cancellations, erased accounts, a ledger that every balance equals, card and PIX payments and refunds,
// notifications, e-mails, invitations and weekly series with members. `scale` 1 is the size (200 000 players,
// 60 000 games, over a million registrations…); the proportions are drawn from a seed (`shape.ts`), and every choice
// a row makes (its organiser, its players, who was erased…) is a hash of its key and the seed, so the same seed writes
// the same data on PostgreSQL and on PGlite, whatever order the rows are written in.

import { messages } from '../../src/shared/messages';
import { drawShape, type ShapeDraws } from './shape';

/** Runs one SQL text (several statements allowed, no parameters). */
export type Execute = (statement: string) => Promise<unknown>;

/** Who the measurements sign in as, by id (the generator writes these ids). */
export const ADMIN_ID = 1;
export const HEAVY_ORGANISER_ID = 2;
/** Organisers are ids 2 … organisers + 1, by rank: the first, the heavy one, has the most games. */
const FIRST_ORGANISER_ID = HEAVY_ORGANISER_ID;

export type ScaleShape = {
  seed: number;
  draws: ShapeDraws;
  players: number;
  organisers: number;
  games: number;
  series: number;
  notifications: number;
  emails: number;
  /** The heavy player: id right after the organisers. */
  heavyPlayerId: number;
};

export function scaleShape(scale: number, seed: number): ScaleShape {
  const draws = drawShape(seed);
  const organisers = Math.max(3, Math.round(200 * scale));
  const players = Math.max(200, Math.round(200_000 * scale));
  return {
    seed,
    draws,
    players,
    organisers,
    games: Math.max(300, Math.round(60_000 * scale)),
    series: Math.max(2, Math.round(150 * scale)),
    notifications: Math.round(players * draws.notificationsPerPlayer),
    emails: Math.round(800_000 * scale),
    heavyPlayerId: FIRST_ORGANISER_ID + organisers,
  };
}

/**
 * At scale 1, every game whose number is a multiple of this (plus 5) has the heavy player at its first place: ~650 games.
 * Smaller databases keep the player as heavy (one game in `HEAVY_PLAYER_EVERY × scale`, all of them at scale 0.01 or
 * less), so a read about that player compares the same player on more or less data around them, not a lighter player.
 */
const HEAVY_PLAYER_EVERY = 80;
/** One notification in this many is the heavy player's (2 000 to 10 000 at scale 1, as drawn); the same share of a smaller database's. */
const HEAVY_PLAYER_NOTIFIED_EVERY = 500;
const heavyEvery = (every: number, scale: number) => Math.max(1, Math.round(every * scale));

/** What each of a row's draws is for: with the seed, the key of its hash, so no two draws of a row are the same. */
const DRAW = {
  organiser: 1,
  slots: 2,
  cancelled: 3,
  full: 4,
  fill: 5,
  waitlist: 6,
  waitlistLength: 7,
  left: 8,
  firstPlayer: 9,
  credit: 10,
  pix: 11,
  erased: 12,
  erasedAt: 13,
  notified: 14,
} as const;

/**
 * A number in [0, 1) drawn for the row whose key is `key` (an SQL expression of a whole number): PostgreSQL's 64-bit
 * hash of it, keyed by the seed and the draw's purpose. Hash partitioning keeps these hashes stable across versions,
 * and they do not depend on the order rows are written in, as `random()` after `setseed()` would.
 */
function drawSql(seed: number, purpose: (typeof DRAW)[keyof typeof DRAW], key: string): string {
  return `((hashint8extended((${key})::bigint, ${seed * 64 + purpose}) & 4503599627370495)::float8 / 4503599627370496)`;
}

/**
 * Writes the data. `passwordHash` is one argon2 hash every account shares (hashing 200 000 passwords would take hours).
 * Triggers are off while it writes (session_replication_role = replica: foreign keys, the ledger's balance trigger, the
 * time-zone trigger, the dashboard's and the refund requests' totals, the registrations' copy of their game's start), so
 * it keeps their rules itself: every balance is set to the sum of its ledger at the end, every game gets its state's
 * zone, every registration its game's start, and the totals are added up once.
 */
export async function generateScaleData(
  execute: Execute,
  options: {
    scale: number;
    seed: number;
    passwordHash: string;
    /** Sizes other than the scale's (the plan test's: more accounts, fewer notifications). */
    sizes?: Partial<Pick<ScaleShape, 'players' | 'notifications' | 'emails'>>;
  },
): Promise<ScaleShape> {
  const { scale, seed, passwordHash } = options;
  const shape = { ...scaleShape(scale, seed), ...options.sizes };
  const { players, organisers, games, series, notifications, emails, heavyPlayerId, draws: d } = shape;
  const draw = (purpose: (typeof DRAW)[keyof typeof DRAW], key: string) => drawSql(seed, purpose, key);
  const firstPlayerId = heavyPlayerId + 1;
  const lastUserId = heavyPlayerId + players;
  const hash = passwordHash.replace(/'/g, "''");
  const playerEvery = heavyEvery(HEAVY_PLAYER_EVERY, scale);
  const notifiedEvery = heavyEvery(HEAVY_PLAYER_NOTIFIED_EVERY, scale);
  const statements = [
    `set session_replication_role = replica`,
    `set synchronous_commit = off`,
    // ── Accounts: one admin, the organisers, the heavy player, the players (some erased later, once they played). ──
    `insert into users (id, name, email, password_hash, phone, role, created_at)
     select i,
       case when i = ${ADMIN_ID} then 'Administração Bench'
            else (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor','Isabela','João','Larissa','Marcos','Natália','Otávio','Paula','Rafael','Sofia','Tiago','Vitória','Wagner'])[1 + i % 20]
              || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Costa','Ferreira','Almeida','Ribeiro','Carvalho','Gomes','Martins','Rocha','Barbosa'])[1 + (i / 20) % 15]
              || ' ' || i end,
       case when i = ${ADMIN_ID} then 'admin@bench.test' else 'jogador' || i || '@bench.test' end,
       '${hash}',
       '48' || (991000000 + i % 999999)::text,
       case when i = ${ADMIN_ID} then 'admin' else 'player' end,
       now() - interval '1140 days' + (i::float8 / ${lastUserId}) * interval '1130 days'
     from generate_series(1, ${lastUserId}) i`,
    // The players games draw from, oldest first: every account other than the heavy player (who is placed on purpose).
    `create temp table bench_pool (k int primary key, user_id int not null)`,
    `insert into bench_pool select (row_number() over (order by id) - 1)::int, id from users where id >= ${firstPlayerId}`,
    `create temp table bench_pool_size as select count(*)::int as size from bench_pool`,
    // The organisers by rank, each with the share of games up to theirs: rank r's share is r^-skew of the whole.
    `create temp table bench_organisers as
     select ${FIRST_ORGANISER_ID} + r - 1 as user_id, sum(power(r, -${d.organiserSkew})) over (order by r) / sum(power(r, -${d.organiserSkew})) over () as upto
     from generate_series(1, ${organisers}) r`,
    `create index on bench_organisers (upto)`,
    `create temp table bench_places as
     select (row_number() over (order by c.id) - 1)::int as k, c.id as city_id, c.state_id, s.time_zone
     from cities c join states s on s.id = c.state_id`,
    // ── Games: three years back and two months ahead, about 55 a day; each series' weeks come after. ──
    `insert into games (id, name, location, address, date_time, price_cents, total_slots, description, description_html, visibility,
       use_platform_payment, state, status, cancel_reason, sport_id, state_id, city_id, time_zone, private_link, creator_id, created_at, updated_at)
     select g, (array['Vôlei','Vôlei de praia','Futevôlei','Beach tennis','Futsal'])[1 + g % 5] || ' da ' || (array['manhã','tarde','noite'])[1 + g % 3] || ' #' || g,
       (array['Praia Mole','Praia da Joaquina','Ginásio do Centro','Arena Lagoa','Quadra do Campeche'])[1 + g % 5],
       'Rua das Flores, ' || (g % 900 + 1) || ' - Centro, Florianópolis - SC',
       t.at, (g * 37 % 6) * 500, 8 + floor(${draw(DRAW.slots, 'g')} * ${d.maxSlots - 7})::int,
       'Traga água e chegue 10 minutos antes.', '<p>Traga água e chegue 10 minutos antes.</p>',
       case when g % 10 = 3 then 'private' else 'public' end,
       g % 5 <> 4, case when g % 20 = 7 then 'draft' else 'published' end,
       case when c.is_cancelled then 'cancelled' else 'active' end,
       case when c.is_cancelled then 'Quadra interditada pela chuva' end,
       (select id from sports order by id offset g % 5 limit 1),
       p.state_id, p.city_id, p.time_zone,
       md5('bench-link-' || g) || md5('bench-link-2-' || g),
       coalesce((select o.user_id from bench_organisers o where o.upto > ${draw(DRAW.organiser, 'g')} order by o.upto limit 1),
         ${FIRST_ORGANISER_ID + organisers - 1}),
       t.at - interval '10 days',
       case when c.is_cancelled then t.at - interval '1 day' else t.at - interval '10 days' end
     from generate_series(1, ${games}) g
     cross join lateral (select date_trunc('hour', now() - interval '1095 days' + (g::float8 / ${games}) * interval '1155 days')
       + ((g % 4) * 2 - 3) * interval '1 hour' as at) t
     cross join lateral (select ${draw(DRAW.cancelled, 'g')} < ${d.cancelledShare} as is_cancelled) c
     join bench_places p on p.k = g % (select count(*) from bench_places)`,
    `insert into series (id, creator_id, first_date_time, occurrences, member_slots, template, status, created_at, updated_at)
     select s, ${FIRST_ORGANISER_ID} + s % ${organisers},
       date_trunc('hour', now() - interval '1095 days' + (s::float8 / ${series}) * interval '1150 days'), 52, 4,
       jsonb_build_object('name', 'Racha semanal #' || s, 'location', 'Ginásio do Centro', 'address', 'Rua das Flores, 100 - Centro, Florianópolis - SC',
         'priceCents', 1500, 'totalSlots', 18, 'description', 'Racha de toda semana.', 'descriptionHtml', '<p>Racha de toda semana.</p>',
         'visibility', 'public', 'usePlatformPayment', true, 'sportId', (select min(id) from sports),
         'stateId', (select state_id from bench_places where k = 0), 'cityId', (select city_id from bench_places where k = 0)),
       'active', now() - interval '1100 days', now() - interval '1100 days'
     from generate_series(1, ${series}) s`,
    `insert into games (id, name, location, address, date_time, price_cents, total_slots, description, description_html, visibility,
       use_platform_payment, state, status, sport_id, state_id, city_id, time_zone, private_link, creator_id, series_id, series_week, created_at, updated_at)
     select ${games} + row_number() over (order by s.id, w), s.template->>'name', s.template->>'location', s.template->>'address',
       s.first_date_time + w * interval '7 days', 1500, 18, s.template->>'description', s.template->>'descriptionHtml', 'public', true,
       'published', 'active', (s.template->>'sportId')::int, (s.template->>'stateId')::int, (s.template->>'cityId')::int, 'America/Sao_Paulo',
       md5('bench-series-' || s.id || '-' || w) || md5('bench-series-2-' || s.id || '-' || w),
       s.creator_id, s.id, w, s.first_date_time + w * interval '7 days' - interval '35 days', s.first_date_time + w * interval '7 days' - interval '35 days'
     from series s cross join generate_series(0, 51) w
     where s.first_date_time + w * interval '7 days' <= now() + interval '35 days'`,
    // ── Registrations: per game, its filled places (all of them in the full games and a series' weeks, at least the
    // drawn share in the others), a waitlist on some full games, players who left; everyone in a cancelled game
    // cancelled with it. A game's players are neighbours among the accounts from a drawn start, skewed to the oldest.
    // Holds not paid yet on games ahead, a few already past their deadline (the hold sweep's work). Reminders were
    // stamped only in the last year.
    `create temp table bench_regs as
     with drawn as (
       select g.id as game_id, g.date_time, g.created_at as game_created, g.updated_at as game_updated, g.status as game_status,
         g.price_cents, g.use_platform_payment, g.total_slots,
         g.series_id is not null or ${draw(DRAW.full, 'g.id')} < ${d.fullShare} as is_full
       from games g where g.state = 'published'
     ), shaped as (
       select game_id, date_time, game_created, game_updated, game_status, price_cents, use_platform_payment, total_slots,
         case when is_full then total_slots
              else greatest(1, floor(total_slots * (${d.minFill} + ${1 - d.minFill} * ${draw(DRAW.fill, 'game_id')})))::int end as filled,
         case when is_full and ${draw(DRAW.waitlist, 'game_id')} < ${d.waitlistShare}
              then 1 + floor(${draw(DRAW.waitlistLength, 'game_id')} * ${d.maxWaitlist})::int else 0 end as waiting,
         floor(${draw(DRAW.left, 'game_id')} * ${d.maxLeft + 1})::int as leaving,
         floor((select size from bench_pool_size) * power(${draw(DRAW.firstPlayer, 'game_id')}, ${d.playerSkew}))::int as first_k
       from drawn
     )
     select s.*, i,
       case when s.game_id % ${playerEvery} = ${5 % playerEvery} and i = 0 then ${heavyPlayerId} else p.user_id end as user_id,
       case when i < s.filled then 'confirmed' when i < s.filled + s.waiting then 'waitlist' else 'left' end as place
     from shaped s cross join lateral generate_series(0, s.filled + s.waiting + s.leaving - 1) i
     join bench_pool p on p.k = (s.first_k + i) % (select size from bench_pool_size)`,
    `insert into registrations (game_id, user_id, status, payment_type, paid_cents, waitlist_price_cents, payment_deadline, joined_at,
       confirmed_at, cancelled_at, cancelled_from, reminded_at, present, level, game_date_time, created_at, updated_at)
     select r.game_id, r.user_id, v.status, v.payment_type,
       case when v.payment_type = 'external' or v.status = 'waitlist' or v.cancelled_from = 'waitlist' or v.status = 'pending' then 0 else r.price_cents end,
       case when r.place = 'waitlist' then r.price_cents end,
       case when v.status = 'pending' then case when i % 26 = 4 then now() - interval '10 minutes' else now() + interval '25 minutes' end end,
       v.joined_at,
       case when r.place = 'confirmed' and v.status <> 'pending' then v.joined_at end,
       case when v.status = 'cancelled' then case when r.game_status = 'cancelled' then r.game_updated else v.joined_at + interval '1 day' end end,
       v.cancelled_from,
       case when v.status in ('confirmed', 'pending') and r.date_time between now() - interval '365 days' and now() then r.date_time - interval '24 hours' end,
       case when v.status = 'confirmed' and r.date_time between now() - interval '365 days' and now() then i % 9 <> 0 end,
       case when v.status = 'confirmed' and r.date_time between now() - interval '365 days' and now() then 1 + i % 5 end,
       r.date_time, v.joined_at, coalesce(case when v.status = 'cancelled' then case when r.game_status = 'cancelled' then r.game_updated else v.joined_at + interval '1 day' end end, v.joined_at)
     from bench_regs r
     cross join lateral (select
       r.game_created + (r.i + 1) * interval '7 minutes' as joined_at,
       case when r.game_status = 'cancelled' or r.place = 'left' then 'cancelled'
            when r.place = 'waitlist' then 'waitlist'
            when r.date_time > now() and r.use_platform_payment and r.price_cents > 0 and r.i % 13 = 4 then 'pending'
            else 'confirmed' end as status,
       case when r.game_status = 'cancelled' or r.place = 'left' then case when r.place = 'waitlist' then 'waitlist' else 'confirmed' end end as cancelled_from,
       case when r.place = 'waitlist' then null
            when not r.use_platform_payment then 'external'
            when r.price_cents = 0 then 'credit'
            when r.date_time > now() and r.price_cents > 0 and r.i % 13 = 4 and r.game_status = 'active' and r.place = 'confirmed' then 'stripe'
            when ${draw(DRAW.credit, 'r.game_id * 64 + r.i')} < ${d.creditShare} then 'credit'
            when ${draw(DRAW.pix, 'r.game_id * 64 + r.i')} < ${d.pixShare} then 'mercadopago' else 'stripe' end as payment_type) v`,
    // ── Money: the spend of every place paid with credits, the refund of every one given back, top-ups before them. ──
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
     select r.user_id, -r.paid_cents, 'spend_game', g.name, 'game', 'registration:' || r.id, r.joined_at
     from registrations r join games g on g.id = r.game_id
     where r.payment_type = 'credit' and r.paid_cents > 0`,
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
     select r.user_id, r.paid_cents, 'refund', 'Reembolso: ' || g.name, 'cancellation', 'registration:' || r.id, r.cancelled_at
     from registrations r join games g on g.id = r.game_id
     where r.payment_type = 'credit' and r.paid_cents > 0 and r.status = 'cancelled'`,
    // Top-ups of the drawn amount until what each player spent is covered, plus one more: a third by PIX, a third by
    // card, a third by an admin.
    `create temp table bench_topups as
     select row_number() over (order by u.user_id, j)::int as n, u.user_id, j, u.first_at
     from (select user_id, -sum(amount_cents) as spent, min(created_at) as first_at from credit_transactions group by user_id) u
     cross join lateral generate_series(0, (u.spent / ${d.topUpCents})::int) j`,
    `insert into payments (id, public_id, user_id, purpose, method, provider, provider_session_id, provider_payment_id, amount_cents, status, outcome,
       paid_at, settled_at, created_at, updated_at)
     select t.n, 'bench-topup-' || t.n, t.user_id, 'topup', case when t.n % 3 = 0 then 'pix' else 'card' end,
       case when t.n % 3 = 0 then 'mercadopago' else 'stripe' end, 'cs_topup_' || t.n, 'pi_topup_' || t.n, ${d.topUpCents}, 'paid', 'credited',
       t.first_at - interval '1 day' + t.j * interval '1 hour', t.first_at - interval '1 day' + t.j * interval '1 hour',
       t.first_at - interval '1 day' + t.j * interval '1 hour', t.first_at - interval '1 day' + t.j * interval '1 hour'
     from bench_topups t where t.n % 3 <> 2`,
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_by, created_at)
     select t.user_id, ${d.topUpCents}, case t.n % 3 when 0 then 'add_pix' when 1 then 'add_stripe' else 'add_manual' end,
       case t.n % 3 when 0 then 'Créditos (PIX)' when 1 then 'Créditos (cartão)' else 'Créditos adicionados' end,
       case when t.n % 3 = 2 then 'admin' else 'payment' end,
       case when t.n % 3 = 2 then 'admin:bench-' || t.n else 'payment:' || t.n end,
       case when t.n % 3 = 2 then ${ADMIN_ID} end,
       t.first_at - interval '1 day' + t.j * interval '1 hour'
     from bench_topups t`,
    // Card and PIX payments of places: paid, refunded to the card when the place was given back, or a checkout still open.
    `insert into payments (id, public_id, user_id, purpose, game_id, registration_id, method, provider, provider_session_id, provider_payment_id,
       amount_cents, status, outcome, expires_at, paid_at, settled_at, refunded_cents, created_at, updated_at)
     select (select coalesce(max(id), 0) from payments) + row_number() over (order by r.id), 'bench-game-' || r.id, r.user_id, 'game', r.game_id, r.id,
       case when r.payment_type = 'mercadopago' then 'pix' else 'card' end,
       case when r.status = 'pending' then 'sandbox' else r.payment_type end,
       'cs_game_' || r.id, case when r.status <> 'pending' then 'pi_game_' || r.id end, g.price_cents,
       case when r.status = 'pending' then 'pending' when r.status = 'cancelled' then 'refunded' else 'paid' end,
       case when r.status <> 'pending' then 'confirmed' end,
       r.payment_deadline,
       case when r.status <> 'pending' then r.joined_at end, case when r.status <> 'pending' then r.joined_at end,
       case when r.status = 'cancelled' then g.price_cents else 0 end,
       r.joined_at, coalesce(r.cancelled_at, r.joined_at)
     from registrations r join games g on g.id = r.game_id
     where r.payment_type in ('stripe', 'mercadopago') and g.price_cents > 0 and (r.paid_cents > 0 or r.status = 'pending')`,
    `insert into payment_refunds (payment_id, amount_cents, destination, idempotency_key, status, provider_refund_id, created_at, updated_at)
     select p.id, p.refunded_cents, 'provider', 'bench-refund-' || p.id, 'succeeded', 're_' || p.id, p.updated_at, p.updated_at
     from payments p where p.status = 'refunded'`,
    `insert into cancellation_requests (registration_id, game_id, user_id, reason, amount_cents, payment_type, status, resolution, processed_by, processed_at, created_at)
     select r.id, r.game_id, r.user_id, 'Não vou conseguir ir', r.paid_cents, r.payment_type, 'processed', 'Reembolsado no cartão', ${ADMIN_ID},
       r.cancelled_at + interval '1 hour', r.cancelled_at
     from registrations r join games g on g.id = r.game_id
     where r.status = 'cancelled' and g.status = 'active' and r.payment_type in ('stripe', 'mercadopago') and r.paid_cents > 0`,
    // ── Erased accounts (decision 023), as an erasure leaves them: some time after their last place or ledger row and
    // with nothing to come, the balance forfeited in the ledger, the row kept nameless, every session ended; their
    // past places, payments and ledger stay for the books, and nothing is sent to or kept for them afterwards. ──
    `create temp table bench_erased (user_id int primary key, at timestamptz not null)`,
    `insert into bench_erased
     select u.id, l.last_at + (now() - l.last_at) * ${draw(DRAW.erasedAt, 'u.id')}
     from users u
     cross join lateral (select greatest(u.created_at,
       (select max(c.created_at) from credit_transactions c where c.user_id = u.id),
       (select max(greatest(r.updated_at, r.game_date_time)) from registrations r where r.user_id = u.id)) as last_at) l
     where u.id >= ${firstPlayerId} and ${draw(DRAW.erased, 'u.id')} < ${d.deletedShare}
       and not exists (select 1 from registrations r where r.user_id = u.id and r.status <> 'cancelled' and r.game_date_time > now())`,
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
     select e.user_id, -l.total, 'forfeit', '${messages.forfeitDescription.replace(/'/g, "''")}', 'account_deletion', 'user:' || e.user_id, e.at
     from bench_erased e
     join (select user_id, sum(amount_cents)::int as total from credit_transactions group by user_id) l on l.user_id = e.user_id
     where l.total > 0`,
    `update users u set name = '', email = '', phone = null, password_hash = null, google_sub = null, calendar_token = null,
       token_version = u.token_version + 1, deleted_at = e.at
     from bench_erased e where e.user_id = u.id`,
    // Who is told things from here on: the accounts still there.
    `create temp table bench_live (k int primary key, user_id int not null)`,
    `insert into bench_live select (row_number() over (order by id) - 1)::int, id from users where id >= ${firstPlayerId} and deleted_at is null`,
    `create temp table bench_live_size as select count(*)::int as size from bench_live`,
    `insert into series_members (series_id, user_id, joined_at, left_at, end_reason)
     select s.id, p.user_id, s.first_date_time - interval '2 days',
       case when m = 5 then s.first_date_time + interval '60 days' end, case when m = 5 then 'left' end
     from series s cross join generate_series(0, 5) m
     join bench_live p on p.k = (s.id * 131 + m * 7919) % (select size from bench_live_size)`,
    // Balances from the ledger, as its trigger would have moved them.
    `update users u set balance_cents = l.total
     from (select user_id, sum(amount_cents)::int as total from credit_transactions group by user_id) l where l.user_id = u.id`,
    // ── What people were told: notifications (skewed to the oldest accounts), e-mails sent, invitations to private
    // games. ──
    `insert into notifications (user_id, game_id, type, message, read_at, created_at)
     select case when n % ${notifiedEvery} = 0 then ${heavyPlayerId} else p.user_id end,
       case when n % 4 = 3 then null else 1 + n % ${games} end,
       (array['registration_confirmed','game_reminder','game_updated','waitlist_promoted','credits_added'])[1 + n % 5],
       (array['Inscrição confirmada em Vôlei da noite','Lembrete: seu jogo é amanhã às 19:30','O organizador alterou o jogo','Você saiu da lista de espera e está confirmado','Créditos adicionados: R$ 20,00'])[1 + n % 5],
       case when n % 7 <> 0 then now() - interval '1095 days' + (n::float8 / ${notifications}) * interval '1095 days' + interval '1 hour' end,
       now() - interval '1095 days' + (n::float8 / ${notifications}) * interval '1095 days'
     from generate_series(1, ${notifications}) n
     join bench_live p on p.k = floor((select size from bench_live_size) * power(${draw(DRAW.notified, 'n')}, ${d.notificationSkew}))::int`,
    `insert into email_outbox ("to", subject, text, html, sent_at, attempts, next_attempt_at, created_at)
     select 'jogador' || (${firstPlayerId} + n % ${players}) || '@bench.test', 'Inscrição confirmada', 'Sua vaga está garantida. Até lá!',
       '<p>Sua vaga está garantida. Até lá!</p>', t.at + interval '2 seconds', 1, t.at, t.at
     from generate_series(1, ${emails}) n
     cross join lateral (select now() - interval '1095 days' + (n::float8 / ${emails}) * interval '1095 days' as at) t
     where not exists (select 1 from bench_erased e where e.user_id = ${firstPlayerId} + n % ${players})`,
    `insert into invitations (game_id, user_id, email, via_link, created_at)
     select g.id, case when m < 4 then p.user_id end, case when m < 4 then u.email else 'convidado-' || g.id || '@bench.test' end, m = 2, g.created_at
     from games g cross join generate_series(0, 4) m
     join bench_live p on p.k = ((g.id::bigint * 31 + m * 104729) % (select size from bench_live_size))::int
     join users u on u.id = p.user_id
     where g.visibility = 'private'`,
    // ── Organisers' earnings (decision 045): the share of every place paid through the platform in a game not the
    // administration's, at a 10 % fee, and the share taken back of every place given back. ──
    `insert into organiser_earnings (organiser_id, kind, source, game_id, registration_id, gross_cents, fee_cents, net_cents, fee_percent, created_at)
     select g.creator_id, 'sale', 'registration:' || r.id, g.id, r.id, r.paid_cents, (r.paid_cents + 5) / 10, r.paid_cents - (r.paid_cents + 5) / 10, 10,
       r.joined_at
     from registrations r join games g on g.id = r.game_id
     where r.paid_cents > 0 and r.payment_type in ('credit', 'stripe', 'mercadopago') and g.creator_id <> ${ADMIN_ID}`,
    `insert into organiser_earnings (organiser_id, kind, source, game_id, registration_id, gross_cents, fee_cents, net_cents, fee_percent, created_at)
     select e.organiser_id, 'refund', 'refund:' || e.source, e.game_id, e.registration_id, -e.gross_cents, -e.fee_cents, -e.net_cents, e.fee_percent,
       r.cancelled_at
     from organiser_earnings e join registrations r on r.id = e.registration_id
     where r.status = 'cancelled'`,
    // Each game's earnings and each organiser's books (migration 0037) as their triggers would have kept them.
    `insert into organiser_game_earnings (game_id, organiser_id, places, gross_cents, refunds_cents, fee_cents, net_cents, taken_back_cents, taken_back_at)
     select e.game_id, e.organiser_id,
       count(*) filter (where e.kind in ('sale', 'refund_reversed')) - count(*) filter (where e.kind = 'refund'),
       coalesce(sum(e.gross_cents) filter (where e.kind = 'sale'), 0), coalesce(-sum(e.gross_cents) filter (where e.kind <> 'sale'), 0),
       sum(e.fee_cents), sum(e.net_cents),
       coalesce(-sum(e.net_cents) filter (where e.kind = 'refund' and e.created_at >= g.date_time), 0),
       max(e.created_at) filter (where e.kind = 'refund' and e.created_at >= g.date_time)
     from organiser_earnings e join games g on g.id = e.game_id
     group by e.game_id, e.organiser_id`,
    `insert into organiser_earnings_totals (organiser_id, fee_cents, counted_net_cents, payouts_cents)
     select e.organiser_id, sum(e.fee_cents),
       coalesce(sum(e.net_cents) filter (where e.kind <> 'payout' and g.status <> 'cancelled'), 0),
       coalesce(sum(e.net_cents) filter (where e.kind = 'payout'), 0)
     from organiser_earnings e left join games g on g.id = e.game_id
     group by e.organiser_id`,
    // The dashboard's totals (migration 0017) as its triggers would have kept them.
    `delete from dashboard_totals`,
    `insert into dashboard_totals (users, games, revenue_cents)
     select (select count(*) from users), (select count(*) from games where status <> 'cancelled'),
       (select coalesce(sum(g.price_cents), 0) from registrations r join games g on g.id = r.game_id where r.status = 'confirmed' and g.status <> 'cancelled')`,
    // The refund requests' counts by status (migration 0028), as its trigger would have kept them.
    `update cancellation_totals t set requests = (select count(*) from cancellation_requests c where c.status = t.status)`,
    // Sequences past the ids written here, then the planner's statistics.
    `select setval('users_id_seq', (select max(id) from users))`,
    `select setval('games_id_seq', (select max(id) from games))`,
    `select setval('series_id_seq', (select max(id) from series))`,
    `select setval('payments_id_seq', (select max(id) from payments))`,
    `drop table bench_pool, bench_pool_size, bench_organisers, bench_places, bench_regs, bench_topups, bench_erased, bench_live, bench_live_size`,
    `reset session_replication_role`,
    `reset synchronous_commit`,
    `vacuum analyze`,
  ];
  for (const statement of statements) await execute(statement);
  return shape;
}
