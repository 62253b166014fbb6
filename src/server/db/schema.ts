import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GameChange, GameEventAction, GameEventDetails } from '../../shared/schemas/game-history';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    phone: text('phone'),
    role: text('role', { enum: ['admin', 'player'] })
      .notNull()
      .default('player'),
    /** The sum of the user's ledger rows, kept by the database (db/definitions/ledger_moves_balance.sql): only a new ledger row moves it. */
    balanceCents: integer('balance_cents').notNull().default(0),
    /** Bumped by a password change or reset and by deleting the account: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Set when the owner deleted the account: the row stays (the ledger and payments point at it, for the
     * books) with its personal data erased, and the e-mail is free to register again.
     */
    deletedAt: timestamptz('deleted_at'),
    /**
     * The secret of the user's calendar feed (`/api/calendar/{token}.ics`), 244 random bits from the database;
     * kept readable so the profile can show the address again (decision 028). Null once the account is deleted.
     */
    calendarToken: text('calendar_token').default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /**
     * The last sign-in (password or Google; tokens last 7 days, so no use is further from one), or the account's
     * creation; for accounts older than migration 0018, that upgrade. With registrations and payments, what says
     * whether the account is in use (decision 043).
     */
    lastActiveAt: timestamptz('last_active_at').notNull().defaultNow(),
    /** When the owner was told the unused account would be erased in 30 days; cleared by any use (decision 043). */
    inactivityWarnedAt: timestamptz('inactivity_warned_at'),
    /** Where an organiser's payouts go (decision 045): a PIX key of this type, its holder's name; all three or none. */
    payoutKeyType: text('payout_key_type', { enum: ['cpf', 'cnpj', 'email', 'phone', 'random'] }),
    payoutKey: text('payout_key'),
    payoutHolderName: text('payout_holder_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    // The admin's search by any part of a name or an e-mail (migration 0029, decision 055), and the admin's list, newest
    // first (migration 0017).
    index('users_search_trgm_idx').using('gin', sql`(${t.name} || E'\\n' || ${t.email}) gin_trgm_ops`),
    index('users_search_words_idx').using('gin', sql`user_search_words(${t.name}, ${t.email})`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_inactive_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.deletedAt} is null and ${t.role} = 'player' and ${t.inactivityWarnedAt} is null`),
    index('users_inactivity_warned_idx')
      .on(t.inactivityWarnedAt)
      .where(sql`${t.inactivityWarnedAt} is not null and ${t.deletedAt} is null`),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    uniqueIndex('users_calendar_token_unique').on(t.calendarToken),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check('users_role_valid', sql`${t.role} in ('admin', 'player')`),
    check(
      'users_deleted_erased',
      sql`${t.deletedAt} is null or (${t.name} = '' and ${t.email} = '' and ${t.phone} is null and ${t.googleSub} is null and ${t.passwordHash} is null)`,
    ),
  ],
);

/** Server-wide settings shared by every instance (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** One live code per user: a new request replaces the old one; a successful reset deletes it. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
});

/** Every e-mail the product sends, so a local install without SMTP can still read a code. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The last failure's cause, kept after a later success is recorded as cleared. */
    error: text('error'),
    /** Delivery tries so far; each failure waits longer before the next (`retryDelaySeconds`). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Held by one delivery until then (several instances may deliver); null when nobody holds it. */
    claimedUntil: timestamptz('claimed_until'),
    /** Given up on: still undelivered GIVE_UP_HOURS after it was written. */
    failedAt: timestamptz('failed_at'),
    /** Extra headers it is sent with: List-Unsubscribe and List-Unsubscribe-Post on every e-mail of a kind (decision 044). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * The message's own id, the same on every try (its Message-ID header), so a copy sent twice is recognisable
     * downstream. Null only on rows sent before migration 0035.
     */
    messageId: uuid('message_id').defaultRandom(),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('email_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
    index('email_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    index('email_outbox_to_idx').on(t.to),
  ],
);

/**
 * An e-mail a reply promised that the application still has to write (`core/notifications/mail-requests.ts`): written
 * before the reply, or in the statement that made the change, and taken away in the transaction that does what it
 * asks, so a process that dies in between leaves it to the job.
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'password_reset' | 'organiser_news'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Failed tries so far; each waits longer before the next (`retryDelaySeconds`). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The last failure's cause. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_requests_due_idx').on(t.kind, t.nextAttemptAt),
    check('mail_requests_kind_valid', sql`${t.kind} in ('password_reset', 'organiser_news')`),
  ],
);

// ── Reference data (seeded by seed-reference-data.ts; `active` hides an item from the pickers) ──

export const sports = pgTable('sports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  active: boolean('active').notNull().default(true),
});

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  uf: text('uf').notNull().unique(),
  active: boolean('active').notNull().default(true),
  /** The IANA zone of the state's capital: its games happen on those clocks. */
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** The IBGE municipality code: 7 digits, the first two the state's (migration 0023). */
    ibgeCode: text('ibge_code'),
  },
  (t) => [
    uniqueIndex('cities_state_name_unique').on(t.stateId, t.name),
    uniqueIndex('cities_ibge_code_unique').on(t.ibgeCode),
    check('cities_ibge_code_format', sql`${t.ibgeCode} ~ '^[1-5][0-9]{6}$'`),
  ],
);

// ── Games and registrations ──

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    address: text('address').notNull().default(''),
    dateTime: timestamptz('date_time').notNull(),
    priceCents: integer('price_cents').notNull(),
    totalSlots: integer('total_slots').notNull(),
    /** What the organiser typed; `descriptionHtml` is the escaped/sanitised version pages render. */
    description: text('description').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    /** `group`: only the members of its turma (`groupId`) see it and apply (migration 0038). */
    visibility: text('visibility', { enum: ['public', 'private', 'group'] })
      .notNull()
      .default('public'),
    /** False: the organiser charges players directly and registrations are `external`. */
    usePlatformPayment: boolean('use_platform_payment').notNull().default(true),
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    cancelReason: text('cancel_reason'),
    sportId: integer('sport_id').references(() => sports.id),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    /** Its state's zone (São Paulo's without a state), kept by a trigger (db/definitions/games_time_zone_of_state.sql): never written here. */
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** Unguessable (192 random bits) so a private game is reachable only by whoever got the link. */
    privateLink: text('private_link').notNull().unique(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    /** A weekly series' game and its week (0 = the first game): one game per week, however many instances roll it forward. */
    seriesId: integer('series_id').references((): AnyPgColumn => series.id),
    seriesWeek: integer('series_week'),
    /** The turma the game belongs to: its organisers run it, its owner stays `creatorId`, the payee (decision 074). */
    groupId: integer('group_id').references((): AnyPgColumn => groups.id),
    /** How many walk-ins (`gameWalkIns`) hold places: kept by a trigger (db/definitions/count_walk_ins.sql), never written here. */
    walkInCount: integer('walk_in_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('games_price_non_negative', sql`${t.priceCents} >= 0`),
    check('games_walk_in_count_non_negative', sql`${t.walkInCount} >= 0`),
    check('games_series_week_with_series', sql`(${t.seriesId} is null) = (${t.seriesWeek} is null)`),
    uniqueIndex('games_series_week_unique')
      .on(t.seriesId, t.seriesWeek)
      .where(sql`${t.seriesId} is not null`),
    check('games_total_slots_range', sql`${t.totalSlots} between 1 and 50`),
    check('games_visibility_valid', sql`${t.visibility} in ('public', 'private', 'group')`),
    check('games_group_visibility_has_group', sql`${t.visibility} <> 'group' or ${t.groupId} is not null`),
    index('games_group_date_idx')
      .on(t.groupId, t.dateTime)
      .where(sql`${t.groupId} is not null`),
    check('games_state_valid', sql`${t.state} in ('draft', 'published')`),
    check('games_status_valid', sql`${t.status} in ('active', 'cancelled')`),
    index('games_listing_idx').on(t.state, t.visibility, t.status, t.dateTime),
    index('games_city_listing_idx').on(t.cityId, t.state, t.visibility, t.status, t.dateTime),
    index('games_creator_date_idx').on(t.creatorId, t.dateTime.desc(), t.id.desc(), t.status),
    index('games_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'cancelled'`),
    index('games_upcoming_idx')
      .on(t.dateTime)
      .where(sql`${t.status} <> 'cancelled'`),
    index('games_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('games_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** confirmed and pending hold a slot; waitlist waits in line; cancelled is history. */
    status: text('status', { enum: ['confirmed', 'pending', 'waitlist', 'cancelled'] }).notNull(),
    paymentType: text('payment_type', { enum: ['credit', 'stripe', 'mercadopago', 'external'] }),
    /** What was actually charged: the base of any refund. */
    paidCents: integer('paid_cents').notNull().default(0),
    /**
     * The price in force when the player joined the waitlist: promotion never charges more than it
     * (a raised price turns the promotion into a pending place to pay at the new price).
     */
    waitlistPriceCents: integer('waitlist_price_cents'),
    /** Only while pending: past it the slot passes to the next in line. */
    paymentDeadline: timestamptz('payment_deadline'),
    /** The place in line: the waitlist is ordered by (joined_at, id). */
    joinedAt: timestamptz('joined_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** The status a cancelled registration had: `waitlist` means the player left the line, never holding a place. */
    cancelledFrom: text('cancelled_from', { enum: ['confirmed', 'pending', 'waitlist'] }),
    /** When the player was reminded of the game (set once, by the reminder job's conditional update). */
    remindedAt: timestamptz('reminded_at'),
    /** Game-day check-in by the organiser: true came, false was absent (a no-show), null not marked. */
    present: boolean('present'),
    /** The organiser's 1–5 rating of the player for this game, used to balance the team draw. */
    level: integer('level'),
    /**
     * The game's start, copied by the database (triggers in db/definitions/registrations_game_date_time.sql and
     * games_date_time_to_registrations.sql: set on insert, followed when the game moves), so a player's games in a window come from one index. NOT NULL there; optional here so that every
     * insert leaves it to the trigger.
     */
    gameDateTime: timestamptz('game_date_time'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('registrations_status_valid', sql`${t.status} in ('confirmed', 'pending', 'waitlist', 'cancelled')`),
    check('registrations_payment_type_valid', sql`${t.paymentType} in ('credit', 'stripe', 'mercadopago', 'external')`),
    check('registrations_paid_non_negative', sql`${t.paidCents} >= 0`),
    check('registrations_cancelled_from_valid', sql`${t.cancelledFrom} in ('confirmed', 'pending', 'waitlist')`),
    check('registrations_level_range', sql`${t.level} between 1 and 5`),
    uniqueIndex('registrations_one_live_per_user')
      .on(t.gameId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    // INCLUDE (payment_deadline) in migration 0033: a game's places counted from the index alone.
    index('registrations_game_status_idx').on(t.gameId, t.status),
    // INCLUDE (status, cancelled_from) in migration 0017: a player's registrations read from the index alone.
    index('registrations_user_game_idx').on(t.userId, t.gameId),
    index('registrations_user_game_date_idx').on(t.userId, t.gameDateTime, t.gameId),
    index('registrations_pending_deadline_idx')
      .on(t.paymentDeadline)
      .where(sql`${t.status} = 'pending'`),
    index('registrations_reminder_due_idx')
      .on(t.gameId)
      .where(sql`${t.remindedAt} is null and ${t.status} in ('confirmed', 'pending')`),
    index('registrations_absent_idx')
      .on(t.userId)
      .where(sql`${t.present} = false`),
  ],
);

/**
 * A walk-in (decision 047): someone the organiser adds by name only (a "+1", a friend from the group), with no account.
 * Each row holds a place in the game; removing it frees the place.
 */
export const gameWalkIns = pgTable(
  'game_walk_ins',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id),
    /** Game-day check-in, as for a registered player (migration 0036): true came, false was absent, null not marked. */
    present: boolean('present'),
    /** The organiser's 1–5 rating for the team draw, as for a registered player. */
    level: integer('level'),
    createdAt: createdAt(),
  },
  (t) => [
    check('game_walk_ins_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('game_walk_ins_level_range', sql`${t.level} between 1 and 5`),
    index('game_walk_ins_game_idx').on(t.gameId, t.id),
  ],
);

/**
 * The game's last team draw: one row per drawn player (a new draw replaces every row of the game), an account or a
 * walk-in (migration 0036), never both.
 */
export const teamPlayers = pgTable(
  'team_players',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    walkInId: integer('walk_in_id').references(() => gameWalkIns.id, { onDelete: 'cascade' }),
    /** 1-based: "Time 1", "Time 2"… */
    team: integer('team').notNull(),
    drawnAt: timestamptz('drawn_at').notNull(),
  },
  (t) => [
    check('team_players_team_range', sql`${t.team} between 1 and 8`),
    check('team_players_one_player', sql`num_nonnulls(${t.userId}, ${t.walkInId}) = 1`),
    uniqueIndex('team_players_game_user_idx')
      .on(t.gameId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('team_players_walk_in_idx')
      .on(t.walkInId)
      .where(sql`${t.walkInId} is not null`),
    index('team_players_user_idx').on(t.userId),
  ],
);

/**
 * A game event's details as stored: the reply's (`GameEventDetails`) with people by id (`playerId`, their name read when
 * shown) and money in centavos (`cents`, and a price change's values).
 */
export type StoredGameEventDetails = Omit<GameEventDetails, 'player' | 'amount' | 'changes'> & {
  playerId?: number;
  cents?: number;
  changes?: GameChange[];
};

/**
 * What happened to a game, and who did it (migration 0039, decision 075): written by `recordGameEvent` in the
 * transaction of each change; `actorId` null for what the system did on its own. Details name people by id only.
 */
export const gameEvents = pgTable(
  'game_events',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').$type<GameEventAction>().notNull(),
    details: jsonb('details').$type<StoredGameEventDetails>().notNull().default({}),
  },
  (t) => [
    index('game_events_game_idx').on(t.gameId, t.at.desc(), t.id.desc()),
    check(
      'game_events_action_valid',
      sql`${t.action} in ('created', 'edited', 'published', 'unpublished', 'link_regenerated', 'player_joined', 'player_confirmed', 'player_promoted', 'player_left', 'player_removed', 'payment_expired', 'refunded', 'walk_in_added', 'walk_in_removed', 'cancelled', 'message_sent')`,
    ),
  ],
);

/**
 * An aviso (migration 0040, decision 077): what whoever runs a game sent to its confirmed players (`confirmed`) or to
 * them and its waitlist (`all`), as plain text; the notices that carry it are written in the same transaction.
 */
export const gameMessages = pgTable(
  'game_messages',
  {
    id: serial('id').primaryKey(),
    /** A game's aviso (with its audience) or a turma's (to every member, migration 0041): one of the two. */
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references((): AnyPgColumn => groups.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    audience: text('audience', { enum: ['confirmed', 'all'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('game_messages_game_idx').on(t.gameId, t.createdAt.desc(), t.id.desc()),
    index('game_messages_group_idx')
      .on(t.groupId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.groupId} is not null`),
    check('game_messages_audience_valid', sql`${t.audience} in ('confirmed', 'all')`),
    check('game_messages_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('game_messages_game_or_group', sql`(${t.gameId} is null) <> (${t.groupId} is null)`),
    check('game_messages_audience_of_game', sql`(${t.gameId} is null) = (${t.audience} is null)`),
  ],
);

// ── Money ──

/** The credit ledger: append-only; a user's balance_cents is always the sum of their rows (a trigger adds each new one). */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed: credits are positive, spending negative. */
    amountCents: integer('amount_cents').notNull(),
    /** forfeit: the balance an owner gave up when deleting their account. */
    type: text('type', { enum: ['add_manual', 'add_stripe', 'add_pix', 'spend_game', 'refund', 'forfeit'] }).notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('paid'),
    source: text('source').notNull(),
    /** What the movement is about (e.g. `registration:42`); unique per type so a retry never posts twice. */
    reference: text('reference').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_transactions_type_valid', sql`${t.type} in ('add_manual', 'add_stripe', 'add_pix', 'spend_game', 'refund', 'forfeit')`),
    uniqueIndex('credit_transactions_type_reference_unique').on(t.type, t.reference),
    // A user's statement, newest first, a page at a time (the admin's view of one user).
    index('credit_transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('credit_transactions_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One card or PIX payment started with a provider: a top-up of credits or the price of a game slot.
 * `settled_at` is set once, by the first verified "paid" report (webhook, verify-payment or the
 * sandbox page), together with what the money became (`outcome`): it is what makes settling exactly-once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id for return URLs (the sandbox and Mercado Pago come back with it as session_id). */
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['topup', 'game'] }).notNull(),
    gameId: integer('game_id').references(() => games.id),
    registrationId: integer('registration_id').references(() => registrations.id),
    method: text('method', { enum: ['card', 'pix'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'mercadopago', 'sandbox'] }).notNull(),
    /** Set right after the provider created the checkout. */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    status: text('status', { enum: ['pending', 'paid', 'expired', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    /** credited: the money went to the wallet; confirmed: it paid the registration's slot. */
    outcome: text('outcome', { enum: ['credited', 'confirmed'] }),
    /** When the slot hold ends (game payments). */
    expiresAt: timestamptz('expires_at'),
    paidAt: timestamptz('paid_at'),
    settledAt: timestamptz('settled_at'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When the reconciliation last asked the provider about this payment while it was unsettled. */
    checkedAt: timestamptz('checked_at'),
    /** Closed here, not yet at its provider (`closeWithProviders`): the after-commit job finishes it. */
    closeAtProvider: boolean('close_at_provider').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_close_at_provider_idx')
      .on(t.id)
      .where(sql`${t.closeAtProvider}`),
    check('payments_purpose_valid', sql`${t.purpose} in ('topup', 'game')`),
    check('payments_method_valid', sql`${t.method} in ('card', 'pix')`),
    check('payments_provider_valid', sql`${t.provider} in ('stripe', 'mercadopago', 'sandbox')`),
    check('payments_status_valid', sql`${t.status} in ('pending', 'paid', 'expired', 'failed', 'refunded')`),
    check('payments_outcome_valid', sql`${t.outcome} in ('credited', 'confirmed')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refunded_range', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_game_has_registration', sql`${t.purpose} = 'topup' or (${t.gameId} is not null and ${t.registrationId} is not null)`),
    uniqueIndex('payments_provider_session_unique').on(t.provider, t.providerSessionId),
    index('payments_user_idx').on(t.userId),
    index('payments_registration_idx').on(t.registrationId),
    index('payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.settledAt} is null`),
    index('payments_report_day_idx').on(sql`(coalesce(${t.paidAt}, ${t.createdAt}))`, t.id),
    index('payments_open_top_ups_idx')
      .on(t.createdAt)
      .where(sql`${t.purpose} = 'topup' and ${t.status} = 'pending'`),
  ],
);

/** Refunds of a payment, by the provider or as credits; one row per idempotency key. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    destination: text('destination', { enum: ['provider', 'credits'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** pending: recorded, provider not yet confirmed it (a retry with the same key finishes it). */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_refunds_destination_valid', sql`${t.destination} in ('provider', 'credits')`),
    check('payment_refunds_status_valid', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('payment_refunds_payment_idx').on(t.paymentId),
  ],
);

/** Refunds of card/PIX payments, left for the admin area to process with the provider. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .unique()
      .references(() => registrations.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    amountCents: integer('amount_cents').notNull(),
    paymentType: text('payment_type').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'rejected'] })
      .notNull()
      .default('pending'),
    resolution: text('resolution'),
    processedBy: integer('processed_by').references(() => users.id),
    processedAt: timestamptz('processed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cancellation_requests_status_valid', sql`${t.status} in ('pending', 'processed', 'rejected')`),
    index('cancellation_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('cancellation_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The admin dashboard's totals as rows of differences, written by database triggers on users, games and registrations
 * (db/definitions/*_move_dashboard.sql, decision 041) and summed by the dashboard; never written here.
 */
export const dashboardTotals = pgTable('dashboard_totals', {
  id: serial('id').primaryKey(),
  users: integer('users').notNull().default(0),
  games: integer('games').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * Refund requests by status, kept by a trigger (db/definitions/cancellation_requests_move_totals.sql): the
 * cancellations list's totals.
 */
export const cancellationTotals = pgTable('cancellation_totals', {
  status: text('status', { enum: ['pending', 'processed', 'rejected'] }).primaryKey(),
  requests: integer('requests').notNull().default(0),
});

// ── Notifications and invitations ──

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id').references(() => games.id),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** The player an organiser's notice names (migration 0024): erasing that account takes the name out of it. */
    aboutUserId: integer('about_user_id').references(() => users.id),
    /** The turma a notice is about (its avisos, its new games; migration 0041): its members' mute silences it. */
    groupId: integer('group_id').references((): AnyPgColumn => groups.id),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_about_user_idx')
      .on(t.aboutUserId)
      .where(sql`${t.aboutUserId} is not null`),
  ],
);

/**
 * One browser's Web Push subscription (decision 044): its endpoint (a URL checked to be public, then again at each
 * send) is unique, so a device moves to whichever account subscribed last. Removed when the push service answers 404
 * or 410, and when the account is erased (a trigger).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamptz('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A kind someone changed (no row: both channels on); erased with the account (a trigger). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_settings_pk', columns: [t.userId, t.kind] }),
    check(
      'notification_settings_kind_valid',
      sql`${t.kind} in ('reminders', 'places', 'changes', 'invitations', 'receipts', 'organiser', 'groups', 'messages')`,
    ),
  ],
);

/**
 * A push to send: one per notification and device, written with the notification and delivered once by whichever
 * instance claims it; the row goes once delivered or given up. `nextAttemptAt` null is due at once; otherwise a
 * retry's wait or the end of the quiet hours, on the app's clock.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** A place offered with a payment deadline: a deadline before the quiet hours end lets the push through. */
    paymentDeadline: timestamptz('payment_deadline'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Held by one delivery until then (database clock); null when nobody holds it. */
    claimedUntil: timestamptz('claimed_until'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_subscription_idx').on(t.subscriptionId), index('push_outbox_notification_idx').on(t.notificationId)],
);

/** Made by organisers; `user_id` is null until someone invited by e-mail has an account. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Made by opening the private link (not by the organiser's e-mail): ends when the link is regenerated. */
    viaLink: boolean('via_link').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_game_user_unique').on(t.gameId, t.userId),
    index('invitations_user_idx').on(t.userId),
    index('invitations_email_idx').on(t.email),
  ],
);

// ── Weekly series ──

/**
 * What every game of a series is made of: a game's columns but its date, week, publication, status and link. Kept by
 * the series (and changed by its edit), since a series planned far ahead has no game yet, and so that a week the
 * organiser changed on its own (made private, unpublished) is not copied into the next ones.
 */
export type SeriesTemplate = {
  name: string;
  location: string;
  address: string;
  priceCents: number;
  totalSlots: number;
  description: string;
  descriptionHtml: string;
  visibility: 'public' | 'private' | 'group';
  usePlatformPayment: boolean;
  sportId: number | null;
  stateId: number | null;
  cityId: number | null;
};

/**
 * A weekly game (racha): its games are ordinary games (`games.series_id`), published weekly at the
 * first game's São Paulo wall-clock time, each made of the series' `template`.
 */
export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    firstDateTime: timestamptz('first_date_time').notNull(),
    occurrences: integer('occurrences').notNull(),
    /** Places each game keeps for mensalistas (members): at most this many active members. */
    memberSlots: integer('member_slots').notNull(),
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    cancelReason: text('cancel_reason'),
    /** The turma whose organisers run the series (decision 074); its games carry it too. */
    groupId: integer('group_id').references((): AnyPgColumn => groups.id),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('series_group_idx')
      .on(t.groupId)
      .where(sql`${t.groupId} is not null`),
    check('series_occurrences_range', sql`${t.occurrences} between 1 and 52`),
    check('series_member_slots_range', sql`${t.memberSlots} between 0 and 50`),
    check('series_status_valid', sql`${t.status} in ('active', 'cancelled')`),
    index('series_creator_idx').on(t.creatorId),
  ],
);

/** Mensalistas: a member holds a place in every game of the series until the membership ends (`left_at`). */
export const seriesMembers = pgTable(
  'series_members',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamptz('joined_at').notNull(),
    leftAt: timestamptz('left_at'),
    endReason: text('end_reason', { enum: ['left', 'removed', 'series_cancelled', 'account_deleted'] }),
  },
  (t) => [
    check('series_members_end_reason_valid', sql`${t.endReason} in ('left', 'removed', 'series_cancelled', 'account_deleted')`),
    check('series_members_ended_has_reason', sql`(${t.leftAt} is null) = (${t.endReason} is null)`),
    uniqueIndex('series_members_one_active')
      .on(t.seriesId, t.userId)
      .where(sql`${t.leftAt} is null`),
    index('series_members_user_idx').on(t.userId),
  ],
);

// ── Organisers' earnings and payouts (migration 0020, decision 045) ──

/** A payout an organiser asked for, with the key as it was then; the administrator records it paid (PIX) or rejected. */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['requested', 'paid', 'rejected'] })
      .notNull()
      .default('requested'),
    keyType: text('key_type', { enum: ['cpf', 'cnpj', 'email', 'phone', 'random'] }).notNull(),
    key: text('key').notNull(),
    holderName: text('holder_name').notNull(),
    /** The PIX end-to-end id of the transfer, once paid: upper-case, so one id in another case is the same (0034). */
    reference: text('reference'),
    /** Why it was rejected. */
    reason: text('reason'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_status_valid', sql`${t.status} in ('requested', 'paid', 'rejected')`),
    uniqueIndex('payouts_one_open_per_organiser')
      .on(t.organiserId)
      .where(sql`${t.status} = 'requested'`),
    index('payouts_organiser_idx').on(t.organiserId, t.id),
    index('payouts_status_idx').on(t.status, t.requestedAt, t.id),
    uniqueIndex('payouts_reference_unique').on(t.reference),
    // NOT VALID in migration 0034: ids stored before in another case that would have collided stay as they were.
    check('payouts_reference_upper_case', sql`${t.reference} = upper(${t.reference})`),
  ],
);

/**
 * The earnings ledger, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): a place paid through the platform
 * in a non-administrator's game (`sale`, source `registration:{id}`), its refund (`refund`), a refused refund
 * (`refund_reversed`) and a payout made (`payout`). gross = fee + net on every row; written by the database functions
 * record_sale (also called by fast_apply) and take_back_earning, and payouts by the application.
 */
export const organiserEarnings = pgTable(
  'organiser_earnings',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['sale', 'refund', 'refund_reversed', 'payout'] }).notNull(),
    source: text('source').notNull().unique('organiser_earnings_source_unique'),
    gameId: integer('game_id').references(() => games.id),
    registrationId: integer('registration_id').references(() => registrations.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    grossCents: integer('gross_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    feePercent: integer('fee_percent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('organiser_earnings_kind_valid', sql`${t.kind} in ('sale', 'refund', 'refund_reversed', 'payout')`),
    check('organiser_earnings_parts_add_up', sql`${t.grossCents} = ${t.feeCents} + ${t.netCents}`),
    index('organiser_earnings_organiser_idx').on(t.organiserId, t.gameId),
    index('organiser_earnings_game_idx').on(t.gameId),
    index('organiser_earnings_registration_idx').on(t.registrationId),
  ],
);

/**
 * One game's earnings for its organiser, kept by a trigger as the ledger is written (migration 0037, decision 073): what
 * `earningsByGame` reads instead of adding up every earnings row.
 */
export const organiserGameEarnings = pgTable(
  'organiser_game_earnings',
  {
    gameId: integer('game_id').notNull(),
    organiserId: integer('organiser_id').notNull(),
    places: integer('places').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
    /** The shares taken back at or after the game's start (decision 063), and when the last was. */
    takenBackCents: bigint('taken_back_cents', { mode: 'number' }).notNull().default(0),
    takenBackAt: timestamptz('taken_back_at'),
  },
  (t) => [
    primaryKey({ name: 'organiser_game_earnings_pk', columns: [t.gameId, t.organiserId] }),
    index('organiser_game_earnings_organiser_idx').on(t.organiserId),
  ],
);

/**
 * The administrator's books per organiser as rows of differences, folded now and then (migration 0037, decision 073):
 * fees, the net of games not cancelled, and payouts (negative).
 */
export const organiserEarningsTotals = pgTable('organiser_earnings_totals', {
  id: serial('id').primaryKey(),
  organiserId: integer('organiser_id').notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
  countedNetCents: bigint('counted_net_cents', { mode: 'number' }).notNull().default(0),
  payoutsCents: bigint('payouts_cents', { mode: 'number' }).notNull().default(0),
});

// ── Turmas (migration 0038, decision 074) ──

/** A turma: the group that plays together. Its page is `/t/{slug}`; `inviteToken` is its join link, renewed by an organiser. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** From the name, accents stripped, with a number after it when taken. */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    joinPolicy: text('join_policy', { enum: ['open', 'approval'] })
      .notNull()
      .default('open'),
    inviteToken: text('invite_token').notNull(),
    /** Set by an administrator: the page says so, nobody joins and no game is added; its games stay until cancelled. */
    suspendedAt: timestamptz('suspended_at'),
    suspendReason: text('suspend_reason'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_slug_unique').on(t.slug),
    uniqueIndex('groups_invite_token_unique').on(t.inviteToken),
    index('groups_city_idx').on(t.cityId),
    check('groups_visibility_valid', sql`${t.visibility} in ('public', 'private')`),
    check('groups_join_policy_valid', sql`${t.joinPolicy} in ('open', 'approval')`),
    check('groups_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Who belongs to a turma, with their role (one owner), or asks to (`requested`, always the member role). Leaving,
 * being removed or refused deletes the row; roles are read on every request, never kept.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['owner', 'organiser', 'member'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['member', 'requested'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
    joinedAt: timestamptz('joined_at'),
    /** The member muted the turma (migration 0041): no e-mail and no push of its avisos and new games. */
    muted: boolean('muted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('group_members_group_user_unique').on(t.groupId, t.userId),
    uniqueIndex('group_members_one_owner')
      .on(t.groupId)
      .where(sql`${t.role} = 'owner'`),
    index('group_members_user_idx').on(t.userId),
    check('group_members_role_valid', sql`${t.role} in ('owner', 'organiser', 'member')`),
    check('group_members_status_valid', sql`${t.status} in ('member', 'requested')`),
    check('group_members_request_is_member_role', sql`${t.status} = 'member' or ${t.role} = 'member'`),
    check('group_members_joined_when_member', sql`(${t.status} = 'member') = (${t.joinedAt} is not null)`),
  ],
);

/**
 * An organiser's own payment account at a provider (migration 0043, decision 082): a Mercado Pago seller authorised by
 * OAuth (`external_id` its user id, the tokens encrypted by `core/payment-accounts/token-cipher.ts`) or a Stripe
 * Express account (`external_id` its acct_… id, `charges_enabled` from its `account.updated` events, the newest of which
 * is `provider_updated_at`). Tokens exist only while `connected`.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['mercadopago', 'stripe'] }).notNull(),
    status: text('status', { enum: ['none', 'connected', 'expired', 'revoked'] }).notNull(),
    externalId: text('external_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    providerUpdatedAt: timestamptz('provider_updated_at'),
    connectedAt: timestamptz('connected_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_accounts_user_provider_idx').on(t.userId, t.provider),
    uniqueIndex('payment_accounts_external_idx').on(t.provider, t.externalId),
    index('payment_accounts_refresh_idx')
      .on(t.tokenExpiresAt)
      .where(sql`${t.status} = 'connected' AND ${t.refreshToken} IS NOT NULL`),
    check('payment_accounts_provider_valid', sql`${t.provider} in ('mercadopago', 'stripe')`),
    check('payment_accounts_status_valid', sql`${t.status} in ('none', 'connected', 'expired', 'revoked')`),
    check('payment_accounts_tokens_connected', sql`${t.accessToken} is null or ${t.status} = 'connected'`),
  ],
);

/** A one-time OAuth `state` (migration 0043): its SHA-256, whose it is, until when, and when it was used. */
export const paymentAccountStates = pgTable(
  'payment_account_states',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['mercadopago'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_account_states_hash_idx').on(t.stateHash),
    index('payment_account_states_user_idx').on(t.userId),
    check('payment_account_states_provider_valid', sql`${t.provider} in ('mercadopago')`),
  ],
);
