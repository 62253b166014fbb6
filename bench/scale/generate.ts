// Years of a busy platform, written in SQL (generate_series) into a migrated database with its reference data: players,
// organisers with hundreds of games, a player with hundreds of past games, full games with waitlists, cancellations,
// a ledger that every balance equals, card and PIX payments and refunds, notifications, e-mails, invitations and weekly
// series with members. `scale` 1 is the shape (200 000 players, 60 000 games, 1.5 million registrations…).
// The same statements run on PostgreSQL and on PGlite.

/** Runs one SQL text (several statements allowed, no parameters). */
export type Execute = (statement: string) => Promise<unknown>;

/** Who the measurements sign in as, by id (the generator writes these ids). */
export const ADMIN_ID = 1;
export const HEAVY_ORGANISER_ID = 2;
/** The first organiser after the heavy one; organisers are ids 2 … organisers + 1. */
const FIRST_ORGANISER_ID = 2;

export type ScaleShape = {
  players: number;
  organisers: number;
  games: number;
  series: number;
  notifications: number;
  emails: number;
  /** The heavy player: id right after the organisers. */
  heavyPlayerId: number;
};

export function scaleShape(scale: number): ScaleShape {
  const organisers = Math.max(3, Math.round(200 * scale));
  return {
    players: Math.max(200, Math.round(200_000 * scale)),
    organisers,
    games: Math.max(300, Math.round(60_000 * scale)),
    series: Math.max(2, Math.round(150 * scale)),
    notifications: Math.round(3_000_000 * scale),
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
/** At scale 1, one notification in this many is the heavy player's: 6 000; the same share of a smaller database's. */
const HEAVY_PLAYER_NOTIFIED_EVERY = 500;
const heavyEvery = (every: number, scale: number) => Math.max(1, Math.round(every * scale));
/** Every game whose number is a multiple of this (plus 1) is the heavy organiser's: ~1 300 games at scale 1. */
const HEAVY_ORGANISER_EVERY = 40;

/**
 * Writes the data. `passwordHash` is one argon2 hash every account shares (hashing 200 000 passwords would take hours).
 * Triggers are off while it writes (session_replication_role = replica: foreign keys, the ledger's balance trigger, the
 * time-zone trigger, the dashboard's and the refund requests' totals, the registrations' copy of their game's start), so
 * it keeps their rules itself: every balance is set to the sum of its ledger at the end, every game gets its state's
 * zone, every registration its game's start, and the totals are added up once.
 */
export async function generateScaleData(
  execute: Execute,
  scale: number,
  passwordHash: string,
  /** Sizes other than the scale's (the plan test's: more accounts, fewer notifications). */
  sizes: Partial<Pick<ScaleShape, 'players' | 'notifications' | 'emails'>> = {},
): Promise<ScaleShape> {
  const shape = { ...scaleShape(scale), ...sizes };
  const { players, organisers, games, series, notifications, emails, heavyPlayerId } = shape;
  const firstPlayerId = heavyPlayerId + 1;
  const lastUserId = heavyPlayerId + players;
  const hash = passwordHash.replace(/'/g, "''");
  const playerEvery = heavyEvery(HEAVY_PLAYER_EVERY, scale);
  const notifiedEvery = heavyEvery(HEAVY_PLAYER_NOTIFIED_EVERY, scale);
  const statements = [
    `set session_replication_role = replica`,
    `set synchronous_commit = off`,
    // ── Accounts: one admin, the organisers, the heavy player, the players (one in 97 deleted by its owner). ──
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
    `update users set name = '', email = '', phone = null, password_hash = null, google_sub = null, calendar_token = null,
       deleted_at = created_at + interval '200 days'
     where id >= ${firstPlayerId} and id % 97 = 0 and created_at < now() - interval '200 days'`,
    // The players games draw from: live accounts other than the heavy player (who is placed on purpose).
    `create temp table bench_pool (k int primary key, user_id int not null)`,
    `insert into bench_pool select (row_number() over (order by id) - 1)::int, id from users where id >= ${firstPlayerId} and deleted_at is null`,
    `create temp table bench_pool_size as select count(*)::int as size from bench_pool`,
    `create temp table bench_places as
     select (row_number() over (order by c.id) - 1)::int as k, c.id as city_id, c.state_id, s.time_zone
     from cities c join states s on s.id = c.state_id`,
    // ── Games: three years back and two months ahead, about 55 a day; each series' weeks come after. ──
    `insert into games (id, name, location, address, date_time, price_cents, total_slots, description, description_html, visibility,
       use_platform_payment, state, status, cancel_reason, sport_id, state_id, city_id, time_zone, private_link, creator_id, created_at, updated_at)
     select g, (array['Vôlei','Vôlei de praia','Futevôlei','Beach tennis','Futsal'])[1 + g % 5] || ' da ' || (array['manhã','tarde','noite'])[1 + g % 3] || ' #' || g,
       (array['Praia Mole','Praia da Joaquina','Ginásio do Centro','Arena Lagoa','Quadra do Campeche'])[1 + g % 5],
       'Rua das Flores, ' || (g % 900 + 1) || ' - Centro, Florianópolis - SC',
       t.at, (g * 37 % 6) * 500, 12 + (g % 4) * 6,
       'Traga água e chegue 10 minutos antes.', '<p>Traga água e chegue 10 minutos antes.</p>',
       case when g % 10 = 3 then 'private' else 'public' end,
       g % 5 <> 4, case when g % 20 = 7 then 'draft' else 'published' end,
       case when g % 25 = 11 then 'cancelled' else 'active' end,
       case when g % 25 = 11 then 'Quadra interditada pela chuva' end,
       (select id from sports order by id offset g % 5 limit 1),
       p.state_id, p.city_id, p.time_zone,
       md5('bench-link-' || g) || md5('bench-link-2-' || g),
       case when g % ${HEAVY_ORGANISER_EVERY} = 1 then ${HEAVY_ORGANISER_ID} else ${FIRST_ORGANISER_ID} + g % ${organisers} end,
       t.at - interval '10 days',
       case when g % 25 = 11 then t.at - interval '1 day' else t.at - interval '10 days' end
     from generate_series(1, ${games}) g
     cross join lateral (select date_trunc('hour', now() - interval '1095 days' + (g::float8 / ${games}) * interval '1155 days')
       + ((g % 4) * 2 - 3) * interval '1 hour' as at) t
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
    `insert into series_members (series_id, user_id, joined_at, left_at, end_reason)
     select s.id, p.user_id, s.first_date_time - interval '2 days',
       case when m = 5 then s.first_date_time + interval '60 days' end, case when m = 5 then 'left' end
     from series s cross join generate_series(0, 5) m
     join bench_pool p on p.k = (s.id * 131 + m * 7919) % (select size from bench_pool_size)`,
    // ── Registrations: per game, its filled places (all of them in three games out of five), a waitlist on one in five,
    // five players who left; everyone in a cancelled game cancelled with it. Holds not paid yet on games ahead, a few
    // already past their deadline (the hold sweep's work). Reminders were stamped only in the last year.
    `create temp table bench_regs as
     with shaped as (
       select g.id as game_id, g.date_time, g.created_at as game_created, g.updated_at as game_updated, g.status as game_status,
         g.price_cents, g.use_platform_payment, g.total_slots,
         case when g.id % 5 < 3 or g.series_id is not null then g.total_slots else (g.total_slots * 6) / 10 end as filled,
         case when g.id % 5 = 0 then 1 + g.id % 9 else 0 end as waiting
       from games g where g.state = 'published'
     )
     select s.*, i,
       case when s.game_id % ${playerEvery} = ${5 % playerEvery} and i = 0 then ${heavyPlayerId} else p.user_id end as user_id,
       case when i < s.filled then 'confirmed' when i < s.filled + s.waiting then 'waitlist' else 'left' end as place
     from shaped s cross join lateral generate_series(0, s.filled + s.waiting + 4) i
     join bench_pool p on p.k = ((s.game_id::bigint * 7919 + (i + 1)::bigint * 104729) % (select size from bench_pool_size))::int`,
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
            when (r.game_id + r.i) % 10 < 6 then 'credit' when (r.game_id + r.i) % 10 < 9 then 'stripe' else 'mercadopago' end as payment_type) v`,
    // ── Money: the spend of every place paid with credits, the refund of every one given back, top-ups before them. ──
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
     select r.user_id, -r.paid_cents, 'spend_game', g.name, 'game', 'registration:' || r.id, r.joined_at
     from registrations r join games g on g.id = r.game_id
     where r.payment_type = 'credit' and r.paid_cents > 0`,
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_at)
     select r.user_id, r.paid_cents, 'refund', 'Reembolso: ' || g.name, 'cancellation', 'registration:' || r.id, r.cancelled_at
     from registrations r join games g on g.id = r.game_id
     where r.payment_type = 'credit' and r.paid_cents > 0 and r.status = 'cancelled'`,
    // Top-ups of R$ 20 until what each player spent is covered, plus one more: a third by PIX, a third by card, a third by an admin.
    `create temp table bench_topups as
     select row_number() over (order by u.user_id, j)::int as n, u.user_id, j, u.first_at
     from (select user_id, -sum(amount_cents) as spent, min(created_at) as first_at from credit_transactions group by user_id) u
     cross join lateral generate_series(0, (u.spent / 2000)::int) j`,
    `insert into payments (id, public_id, user_id, purpose, method, provider, provider_session_id, provider_payment_id, amount_cents, status, outcome,
       paid_at, settled_at, created_at, updated_at)
     select t.n, 'bench-topup-' || t.n, t.user_id, 'topup', case when t.n % 3 = 0 then 'pix' else 'card' end,
       case when t.n % 3 = 0 then 'mercadopago' else 'stripe' end, 'cs_topup_' || t.n, 'pi_topup_' || t.n, 2000, 'paid', 'credited',
       t.first_at - interval '1 day' + t.j * interval '1 hour', t.first_at - interval '1 day' + t.j * interval '1 hour',
       t.first_at - interval '1 day' + t.j * interval '1 hour', t.first_at - interval '1 day' + t.j * interval '1 hour'
     from bench_topups t where t.n % 3 <> 2`,
    `insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_by, created_at)
     select t.user_id, 2000, case t.n % 3 when 0 then 'add_pix' when 1 then 'add_stripe' else 'add_manual' end,
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
    // Balances from the ledger, as its trigger would have moved them.
    `update users u set balance_cents = l.total
     from (select user_id, sum(amount_cents)::int as total from credit_transactions group by user_id) l where l.user_id = u.id`,
    // ── What people were told: notifications, e-mails sent, invitations to private games. ──
    `insert into notifications (user_id, game_id, type, message, read_at, created_at)
     select case when n % ${notifiedEvery} = 0 then ${heavyPlayerId} else p.user_id end,
       case when n % 4 = 3 then null else 1 + n % ${games} end,
       (array['registration_confirmed','game_reminder','game_updated','waitlist_promoted','credits_added'])[1 + n % 5],
       (array['Inscrição confirmada em Vôlei da noite','Lembrete: seu jogo é amanhã às 19:30','O organizador alterou o jogo','Você saiu da lista de espera e está confirmado','Créditos adicionados: R$ 20,00'])[1 + n % 5],
       case when n % 7 <> 0 then now() - interval '1095 days' + (n::float8 / ${notifications}) * interval '1095 days' + interval '1 hour' end,
       now() - interval '1095 days' + (n::float8 / ${notifications}) * interval '1095 days'
     from generate_series(1, ${notifications}) n
     join bench_pool p on p.k = (n::bigint * 7919 % (select size from bench_pool_size))::int`,
    `insert into email_outbox ("to", subject, text, html, sent_at, attempts, next_attempt_at, created_at)
     select 'jogador' || (${firstPlayerId} + n % ${players}) || '@bench.test', 'Inscrição confirmada', 'Sua vaga está garantida. Até lá!',
       '<p>Sua vaga está garantida. Até lá!</p>', t.at + interval '2 seconds', 1, t.at, t.at
     from generate_series(1, ${emails}) n
     cross join lateral (select now() - interval '1095 days' + (n::float8 / ${emails}) * interval '1095 days' as at) t`,
    `insert into invitations (game_id, user_id, email, via_link, created_at)
     select g.id, case when m < 4 then p.user_id end, case when m < 4 then u.email else 'convidado-' || g.id || '@bench.test' end, m = 2, g.created_at
     from games g cross join generate_series(0, 4) m
     join bench_pool p on p.k = ((g.id::bigint * 31 + m * 104729) % (select size from bench_pool_size))::int
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
    `drop table bench_pool, bench_pool_size, bench_places, bench_regs, bench_topups`,
    `reset session_replication_role`,
    `reset synchronous_commit`,
    `vacuum analyze`,
  ];
  for (const statement of statements) await execute(statement);
  return shape;
}
