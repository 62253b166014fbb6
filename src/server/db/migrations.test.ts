import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test-support/server/ledger';
import {
  journal,
  migrateAsShipped,
  migrationsFolderWith,
  shippedSqlOf,
  wasShippedOtherwise,
} from '../../../test-support/server/migration-folders';
import { createEmptyTestDatabase, createTestDatabase, TEST_NOW } from '../../../test-support/server/test-app';
import { buildApp } from '../app';
import { fixedClock } from '../lib/clock';
import { loadConfig } from '../lib/config';
import { hashPassword } from '../lib/passwords';
import { createTokenService } from '../lib/token-service';
import { migrateDatabase } from './migrator';
import { type Database, definitionsFolder, migrationsFolder } from './open-database';
import { seedReferenceData } from './seed/seed-reference-data';

const sqlOf = (tag: string) => fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');

/**
 * Migrations already shipped, by the SHA-256 drizzle records for them. A database that applied one never runs it again,
 * so editing it would leave those databases behind: a change is always a new migration.
 */
const RELEASED: Record<string, string> = {
  '0000_init': '606fbcd36796020cc7b9492c11e0cc2fc056d2995ee1c22b5ab5af5fdea79e54',
  '0001_games': '25415c0cc735402ef900d4198e0289e3b138f42f29c454515d3a2ef66a2baea1',
  '0002_payments': '40f87ccae6ec8d455b025ec3aa73445c284051b6aa7c609077dd0e257ca4e708',
  '0003_reconciliation': '2b5eeaa9b07255edaa863706cf18e93939e8e9e16816b81a44c56260d3de0016',
  '0004_ledger_append_only': '477bed065233c68f09ab45bc281655b5886ebc6a9805a39212976e20eaf5efc8',
  '0005_waitlist_price': '4fb58e46b93ab3a3fa47e73321c1006fc0b39a6a954bc6d5ecea2d191582acd5',
  '0006_account_deletion': 'dc7ac6d3a4a138be8d7fd5466b4c01d037b5c1399884056b40c1f636cf5c1c78',
  '0007_reminders_calendars': '72b1e4788291c989a275ab575fa849ffdd91bb6c00640edf2119048b08feaaa5',
  '0008_series': '33109f842655513f3c84131c1d6e5bbe8be02bf0a9ce79b1b017edd5dcea243b',
  '0009_game_day': 'ab6c6800b2698815392dd9cdb7e9156e5a88d9d72e26c4e167697791fc50b247',
  '0010_fast_apply': '32d5fdae3e39e2154950fb55b29832180dd98bf91db83b9ce18c888938afc7bb',
  '0011_fast_apply_after_commit': 'cdec24d26ff5c28dbc4e3326c73001fb4bb9eebd69c0ecac95cfcb2b7df27c1f',
  '0012_invitations_via_link': '307a6042f973b16e2bbc4b560bfa28472b3355d95c3474dcde9c2fb376c064e4',
  '0013_series_template_and_lock_order': 'ea5b3e17f479f03617cb63fe014b716e4ce2b9207b157c6b6951e2dbc9ea9bdb',
  '0014_balance_from_the_ledger': '96f8408855d100996cb97736118f57ce13bf97fcd52ce3679381d7fda2f4c1d7',
  '0015_time_by_place': 'a3b9ea796ac8c07f2f36d2b88f307ad9f58db55fc35bbdaf8fa4763d69ee495e',
  '0016_after_commit_delivery': '4b9c0802238d802a2ded3c4da34ea853f8e75693330c26682a8d5cefb9c24927',
  '0017_years_of_data': '33d90493919ef6cd314118ee9492ec0f013f90915749433f02fd3bbb31f0efcb',
  '0018_retention': '6f783bd2af56e014ceada6730754c8c9591d7bf2e0cb48c04a19ec5c357cd1a4',
  '0019_push_and_preferences': 'e3803831f218ae2fdfe8e4dd23fefa88250fb5727449cd0f42fac8b1eb8a99cd',
  '0020_organiser_earnings': '262a5a3181f4f52533caf44f79378071ccecc443b3b31c5d0281ba61c38d7140',
  '0021_member_place_notices': 'aa4acf21e482424f4f7a16295e931f816818ee2d3d6c04378038df209358fcdf',
  '0022_walk_ins': 'beac9f76934908219a0465a063e133cc2a17ed2fb636cba3b89d6582d4a4bfa0',
  '0024_organiser_notices': '284c5e683db8b7eb735dcddbbe2f783caa73ca29799ac513f393f43ff713759f',
  '0023_first_week_fixes': 'f1623fd73e9d7d388ffa758a20f4ed7ede6c1f7bfa7f8a7cffb209d372c782db',
  '0025_user_statement_index': '914a1c7c8f36bb61ac8df1fbb8a7a27886c646cb5d79a6244d93091ac43c7c56',
  '0026_game_locks_without_key': '5560fb421d0d548affe69dca87aa16faad758c65dc4b8407f811d8a3c1fa07a5',
  '0027_registrations_game_start': '17447da439fb3b0e30d15d3e3f54948cb0ccacd916cfc01bda7b6bc6162021f6',
  '0028_cancellation_totals': 'a4e89acd43a440289382d569a2b8b6c5f60d0343e77a66a75c9861aa3de1a83f',
  '0029_search_and_sweep_indexes': '5d1a17aeb60d5f86c3a4661af43da3efd8e3a84bcae4bcbc63ecd8314abe10fb',
  '0030_city_listing_index': 'd428381d8cb8100d0ce3be883115b96c43d7f1d922c5b05160ca137950d880db',
  '0031_organiser_games_index': 'f44b52a59e5bca5c9a55ce69d7329950f14691a5ad13cbef27057cf9c5bc9cf1',
  '0032_user_search_words': 'd93fae471d1e18100f1a8f98b4a4757c871789863dc9cb4ab50b13304e21a007',
  '0033_registration_places_index': '330f583e3d97f863bd48f9165271449a289f152be1a90cef31e4cd018d91500b',
  '0034_payout_reference_case': 'e2c99d550f9d7efe8b2aaf117bfb8a1d4ee25cb4993f545bc13ffb677f3c471d',
  '0035_mail_requests_and_message_ids': '1d619330e399d80d8108ec41e6a515b7c8292b8ec99340858b711490ed11abe4',
  '0036_walk_ins_on_game_day': '7e1e9e1dc231f542a45b5099208afb75f54575562afa833fcf24d7d9b2e7b1c3',
  '0037_earnings_totals': '9cbe126fdb8230f4f975dfdcf7831d8cf283e117e4e700d4c866e98e5b609014',
  '0038_turmas': '129262ac4dcd96626a247c3e025f26bbf47cc69a2eb087727eab58e6141bf33b',
  '0039_game_history': 'a21601dc16847a5ff06042d357975210d910c26f2f381d5fe77f870218215b33',
  '0040_game_messages': 'f4687550b93fdc12670187f0f999c2a019e97e7239df2af154b59f9202554be3',
  '0041_turma_avisos': '042131da033ec7de21ab7d21b88da813847f6c0587941dd6c21b168888739f59',
  '0042_ledger_functions_shared': 'beaa93d1462d84ae95268bbab864adaa7e4e8d3382a339e9fb8e665b291df559',
  '0043_payment_accounts': '31f3eb6bdaae35b8986e47ed65fa9cd3b2a0f11621e309aa6ebc398047b2af9d',
};

/**
 * The shipped migrations that once defined functions and triggers, as they are since those moved to
 * src/server/db/definitions (decision 072): the only edit shipped migrations ever had. Databases that applied them keep
 * what they built, and the migrator applies the definitions over it; as they shipped, they are in
 * test-support/db/shipped-migrations, held to RELEASED.
 */
const DEFINITIONS_MOVED_OUT: Record<string, string> = {
  '0004_ledger_append_only': 'abe1feaa7ef403e809278c81ad993593d1ce8715dc25c174b65147dae61cfc7a',
  '0010_fast_apply': 'dd52f86a2c3d3bd33c4eacf30da941284480877dbe07dd9c877cdfaa599690ec',
  '0011_fast_apply_after_commit': 'b19c3a424f57dceb72ab538d6c96f4b4d97bbc77a8eb2ce05038e4435e265f39',
  '0013_series_template_and_lock_order': 'e5c75260094401d82151ff58f905b8f6ce4d18d355776a1e947445294f70edaf',
  '0014_balance_from_the_ledger': 'b6d714193184025cb95c2058a54bd93650a24c8ecd2fb725435ab2f5b7abb121',
  '0015_time_by_place': 'a96f3e6a625f91cf97728d0f4c233e1fd71f5be08e24009250007bfca67348f7',
  '0017_years_of_data': '991774357730ae1ec2722305d9f34b8ec5465515dc12498a4180d5ddafc8bc3b',
  '0019_push_and_preferences': '730b25c63139e67f34d9569b5f8180783659a7419e4a6a6a05c27b0b69a6096c',
  '0020_organiser_earnings': '5cdb46c6ee2c51d0cfe8b905ff5f50d9a6d6c5e6ba0d533dc86adea15e453345',
  '0021_member_place_notices': '71be89f120746764fcac4b705cae501de603458e401a898cd5d73bb84d3e605d',
  '0022_walk_ins': '545a6bf58d734eb24e4c13f76ca18da5b27d1806243cca11961ca2a192065eec',
  '0023_first_week_fixes': '54cc5d10848692e83b2f6df3538137ed24a7b900a4855038d3587abfbfd33b27',
  '0024_organiser_notices': 'b9ed958cf1567976f592fa62096b0cdcebea9b724040bb2a2b5f9e9ee717bdb2',
  '0026_game_locks_without_key': 'dd52f86a2c3d3bd33c4eacf30da941284480877dbe07dd9c877cdfaa599690ec',
  '0027_registrations_game_start': '3ffa3190a9937ea4a2cb0198e73b0e990752e70852572a1d0a70f7f9e85541b6',
  '0028_cancellation_totals': '1045959207249a68e6cf3313a581df00609fafb2df76c87102b5b40ac42ae61a',
};

type Rows = Record<string, Record<string, unknown>[]>;

async function query<T>(database: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as { rows: T[] }).rows;
}

async function tables(database: Database): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function everyRow(database: Database): Promise<Rows> {
  const result: Rows = {};
  for (const table of await tables(database)) {
    // Rows alike in the first column (team_players has no key since 0036) come in the order of the whole row, read
    // the same before and after a migration: a new column is always the last.
    const rows = await query<Record<string, unknown>>(database, sql.raw(`select * from "${table}" order by 1`));
    const text = new Map(rows.map((row) => [row, JSON.stringify(row)]));
    result[table] = rows.sort((a, b) => (text.get(a)! < text.get(b)! ? -1 : text.get(a)! > text.get(b)! ? 1 : 0));
  }
  return result;
}

/** The rows as they were, read again now: only the columns they had then (a migration may add columns). */
function sameColumns(now: Rows, before: Rows): Rows {
  return Object.fromEntries(
    Object.entries(before).map(([table, rows]) => {
      const columns = Object.keys(rows[0] ?? {});
      return [table, (now[table] ?? []).map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])))];
    }),
  );
}

/** The ledger invariant in plain SQL, for the schema as it is at any migration (before the ledger, no balances). */
async function unbalancedUsers(database: Database) {
  const [ledger] = await query<{ t: string | null }>(database, sql`select to_regclass('public.credit_transactions')::text as t`);
  if (!ledger?.t) return query(database, sql`select id, balance_cents from users where balance_cents <> 0`);
  return query(
    database,
    sql`select u.id, u.balance_cents, coalesce(sum(t.amount_cents), 0)::int as ledger
        from users u left join credit_transactions t on t.user_id = u.id
        group by u.id having u.balance_cents <> coalesce(sum(t.amount_cents), 0) or u.balance_cents < 0`,
  );
}

const OLD_PASSWORD = 'senha-de-antes-123';
const JWT_SECRET = 'segredo-guardado-no-banco-desde-a-primeira-versao';

/**
 * Rows written right after each migration, in that migration's SQL (the schema as it was then), the way the product of
 * that time left them: every table gets rows at the migration that created it.
 */
async function rowsAfter(tag: string, database: Database) {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  switch (tag) {
    case '0000_init': {
      const hash = await hashPassword(OLD_PASSWORD);
      await run(`insert into app_settings (key, value) values ('jwt_secret', '${JWT_SECRET}')`);
      await run(`insert into users (name, email, password_hash, phone, role, token_version, created_at) values
        ('Admin Antiga', 'admin@antigo.test', '${hash}', null, 'admin', 0, '2026-01-05T10:00:00Z'),
        ('Jogadora Antiga', 'jogadora@antigo.test', '${hash}', '48991234567', 'player', 1, '2026-01-06T10:00:00Z'),
        ('Jogador Desistente', 'desistente@antigo.test', '${hash}', '48997654321', 'player', 0, '2026-01-07T10:00:00Z')`);
      await run(`insert into email_outbox ("to", subject, text, html, sent_at) values
        ('jogadora@antigo.test', 'Código de recuperação', 'Seu código: 123456', '<p>Seu código: 123456</p>', '2026-01-06T11:00:00Z')`);
      await run(`insert into password_reset_codes (user_id, code_hash, expires_at, failed_attempts)
        select id, 'hmac-do-codigo', '2026-01-06T11:15:00Z', 1 from users where email = 'jogadora@antigo.test'`);
      return;
    }
    case '0001_games': {
      await run(`insert into sports (name) values ('Vôlei')`);
      await run(`insert into states (name, uf) values ('Santa Catarina', 'SC')`);
      await run(`insert into cities (state_id, name) select id, 'Florianópolis' from states where uf = 'SC'`);
      await run(`insert into games (name, location, address, date_time, price_cents, total_slots, description, description_html,
          visibility, use_platform_payment, state, status, sport_id, state_id, city_id, private_link, creator_id)
        select 'Vôlei de quinta', 'Ginásio do Centro', 'Rua das Flores, 100', '2027-02-04T22:00:00Z', 2000, 12,
          'Traga água.', '<p>Traga água.</p>', 'public', true, 'published', 'active',
          (select id from sports where name = 'Vôlei'), (select id from states where uf = 'SC'), (select id from cities where name = 'Florianópolis'),
          'link-privado-antigo', (select id from users where email = 'admin@antigo.test')`);
      // The player topped up R$ 50 and paid R$ 20 with credits; the other paid, cancelled and was refunded in credits.
      await run(`insert into credit_transactions (user_id, amount_cents, type, description, source, reference, created_by)
        select u.id, v.amount, v.type, v.description, v.source, v.reference, null
        from (values
          ('jogadora@antigo.test', 5000, 'add_manual', 'Créditos adicionados', 'admin', 'admin:1'),
          ('jogadora@antigo.test', -2000, 'spend_game', 'Vôlei de quinta', 'game', 'registration:1'),
          ('desistente@antigo.test', 2000, 'add_manual', 'Créditos adicionados', 'admin', 'admin:2'),
          ('desistente@antigo.test', -2000, 'spend_game', 'Vôlei de quinta', 'game', 'registration:2'),
          ('desistente@antigo.test', 2000, 'refund', 'Reembolso: Vôlei de quinta', 'cancellation', 'cancellation:1')
        ) as v(email, amount, type, description, source, reference)
        join users u on u.email = v.email`);
      await run(
        `update users set balance_cents = (select coalesce(sum(amount_cents), 0) from credit_transactions t where t.user_id = users.id)`,
      );
      await run(`insert into registrations (game_id, user_id, status, payment_type, paid_cents, joined_at, confirmed_at, cancelled_at)
        select (select id from games), u.id, v.status, 'credit', 2000, '2026-01-10T12:00:00Z', '2026-01-10T12:00:00Z', v.cancelled_at::timestamptz
        from (values ('jogadora@antigo.test', 'confirmed', null), ('desistente@antigo.test', 'cancelled', '2026-01-11T12:00:00Z'))
          as v(email, status, cancelled_at)
        join users u on u.email = v.email`);
      await run(`insert into cancellation_requests (registration_id, game_id, user_id, reason, amount_cents, payment_type, status, resolution, processed_by, processed_at)
        select r.id, r.game_id, r.user_id, 'Viagem', 2000, 'credit', 'processed', 'credits',
          (select id from users where email = 'admin@antigo.test'), '2026-01-11T13:00:00Z'
        from registrations r where r.status = 'cancelled'`);
      await run(`insert into invitations (game_id, user_id, email)
        select (select id from games), id, email from users where email = 'jogadora@antigo.test'`);
      await run(`insert into notifications (user_id, game_id, type, message)
        select id, (select id from games), 'registration_confirmed', 'Inscrição confirmada em Vôlei de quinta' from users where email = 'jogadora@antigo.test'`);
      return;
    }
    case '0002_payments': {
      // A R$ 10 card top-up, settled into credits; a refund of part of it to the card that the provider refused.
      await run(`insert into payments (public_id, user_id, purpose, method, provider, provider_session_id, provider_payment_id, amount_cents,
          status, outcome, paid_at, settled_at)
        select 'pay_antigo', id, 'topup', 'card', 'sandbox', 'cs_antigo', 'pi_antigo', 1000, 'paid', 'credited',
          '2026-01-12T12:00:00Z', '2026-01-12T12:00:01Z'
        from users where email = 'jogadora@antigo.test'`);
      await run(`insert into credit_transactions (user_id, amount_cents, type, description, source, reference)
        select id, 1000, 'add_stripe', 'Créditos (cartão)', 'payment', 'payment:pay_antigo' from users where email = 'jogadora@antigo.test'`);
      await run(`update users set balance_cents = balance_cents + 1000 where email = 'jogadora@antigo.test'`);
      await run(`insert into payment_refunds (payment_id, amount_cents, destination, idempotency_key, status, error, created_by)
        select id, 500, 'provider', 'refund:pay_antigo:1', 'failed', 'recusado pelo provedor', (select id from users where email = 'admin@antigo.test')
        from payments where public_id = 'pay_antigo'`);
      return;
    }
    case '0006_account_deletion': {
      // A player who deleted the account after giving up R$ 5: the row stays, erased, its ledger kept.
      await run(`insert into users (name, email, password_hash, phone, role, deleted_at, created_at) values
        ('', '', null, null, 'player', '2026-02-01T10:00:00Z', '2026-01-20T10:00:00Z')`);
      await run(`insert into credit_transactions (user_id, amount_cents, type, description, source, reference)
        select id, v.amount, v.type, v.description, v.source, v.reference from users,
          (values (500, 'add_manual', 'Créditos adicionados', 'admin', 'admin:apagada'),
                  (-500, 'forfeit', 'Saldo cancelado com a exclusão da conta', 'account_deletion', 'user:apagada')) as v(amount, type, description, source, reference)
        where deleted_at is not null`);
      return;
    }
    case '0007_reminders_calendars': {
      // Every live account already had a calendar feed of its own, each with a different secret; erased ones none.
      const tokens = await query<{ deleted: boolean; token: string | null }>(
        database,
        sql`select deleted_at is not null as deleted, calendar_token as token from users order by id`,
      );
      const live = tokens.filter((row) => !row.deleted).map((row) => row.token);
      expect(live.every((token) => /^[0-9a-f]{64}$/.test(token ?? ''))).toBe(true);
      expect(new Set(live).size).toBe(live.length);
      expect(tokens.filter((row) => row.deleted).map((row) => row.token)).toEqual([null]);
      // A player already reminded of the next game.
      await run(`insert into registrations (game_id, user_id, status, payment_type, paid_cents, joined_at, confirmed_at, reminded_at)
        select g.id, u.id, 'confirmed', 'external', 0, '2026-02-02T10:00:00Z', '2026-02-02T10:00:00Z', '2026-02-03T10:00:00Z'
        from games g, users u where u.email = 'admin@antigo.test' order by g.id limit 1`);
      return;
    }
    case '0008_series': {
      // A weekly series with its first game; the player is a mensalista, the one who gave up left it.
      await run(`insert into series (creator_id, first_date_time, occurrences, member_slots)
        select id, '2027-02-11T22:00:00Z', 8, 4 from users where email = 'admin@antigo.test'`);
      await run(`insert into games (name, location, address, date_time, price_cents, total_slots, visibility, use_platform_payment, state,
          status, private_link, creator_id, series_id, series_week)
        select 'Racha de quinta', 'Ginásio do Centro', 'Rua das Flores, 100', '2027-02-11T22:00:00Z', 2000, 12, 'private', true, 'published',
          'active', 'link-da-serie', creator_id, id, 0 from series`);
      await run(`insert into series_members (series_id, user_id, joined_at, left_at, end_reason)
        select (select id from series), u.id, '2026-02-01T10:00:00Z', v.left_at::timestamptz, v.end_reason
        from (values ('jogadora@antigo.test', null, null), ('desistente@antigo.test', '2026-02-02T10:00:00Z', 'left'))
          as v(email, left_at, end_reason)
        join users u on u.email = v.email`);
      return;
    }
    case '0009_game_day': {
      // Game day: the confirmed player came, rated 4, and was drawn into team 1.
      await run(`update registrations set present = true, level = 4 where status = 'confirmed'`);
      await run(`insert into team_players (game_id, user_id, team, drawn_at)
        select game_id, user_id, 1, '2027-02-04T21:50:00Z' from registrations where status = 'confirmed'`);
      return;
    }
    case '0016_after_commit_delivery': {
      // An e-mail still waiting for a retry after a failure.
      await run(`insert into email_outbox ("to", subject, text, html, attempts, next_attempt_at, error) values
        ('jogadora@antigo.test', 'Inscrição confirmada', 'Até lá!', '<p>Até lá!</p>', 1, '2026-01-12T10:00:15Z', 'ECONNREFUSED')`);
      return;
    }
    case '0013_series_template_and_lock_order': {
      // The series kept what its latest game was made of.
      const [kept] = await query<{ template: Record<string, unknown> }>(database, sql`select template from series`);
      expect(kept!.template).toMatchObject({
        name: 'Racha de quinta',
        location: 'Ginásio do Centro',
        priceCents: 2000,
        totalSlots: 12,
        visibility: 'private',
      });
      return;
    }
    case '0018_retention': {
      // Sign-ins were never recorded before: every account counts as used at the upgrade, and nobody is warned.
      const accounts = await query<{ used: boolean; warned: boolean }>(
        database,
        sql`select last_active_at >= now() - interval '1 hour' as used, inactivity_warned_at is not null as warned from users`,
      );
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.every((row) => row.used && !row.warned)).toBe(true);
      return;
    }
    case '0019_push_and_preferences': {
      // The player turned reminder e-mails off, enabled push on a phone, and was then told of a change: one push queued.
      await run(`insert into notification_settings (user_id, kind, email, push)
        select id, 'reminders', false, true from users where email = 'jogadora@antigo.test'`);
      await run(`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        select id, 'https://push.example.com/wpush/antigo', 'chave-publica', 'segredo' from users where email = 'jogadora@antigo.test'`);
      await run(`insert into notifications (user_id, game_id, type, message)
        select id, (select min(id) from games), 'game_changed', 'O horário mudou' from users where email = 'jogadora@antigo.test'`);
      const pushes = await query<{ n: number }>(database, sql`select count(*)::int as n from push_outbox`);
      expect(pushes).toEqual([{ n: 1 }]);
      return;
    }
    case '0020_organiser_earnings': {
      // The player organises too: a place of hers was paid (R$ 20, 5% fee), she saved a PIX key, was paid R$ 19 out.
      await run(`update users set payout_key_type = 'email', payout_key = 'jogadora@antigo.test', payout_holder_name = 'Jogadora Antiga'
        where email = 'jogadora@antigo.test'`);
      await run(`insert into payouts (organiser_id, amount_cents, status, key_type, key, holder_name, reference, requested_at, decided_at, decided_by)
        select id, 1900, 'paid', 'email', 'jogadora@antigo.test', 'Jogadora Antiga', 'E12345678202602051200abcdefghijk',
          '2026-02-05T12:00:00Z', '2026-02-05T15:00:00Z', (select id from users where email = 'admin@antigo.test')
        from users where email = 'jogadora@antigo.test'`);
      await run(`insert into organiser_earnings (organiser_id, kind, source, game_id, registration_id, payout_id, gross_cents, fee_cents, net_cents, fee_percent)
        select u.id, 'sale', 'registration:' || r.id, r.game_id, r.id, null, 2000, 100, 1900, 5
        from users u, (select id, game_id from registrations order by id limit 1) r where u.email = 'jogadora@antigo.test'
        union all
        select u.id, 'payout', 'payout:' || p.id, null, null, p.id, -1900, 0, -1900, 0
        from users u join payouts p on p.organiser_id = u.id where u.email = 'jogadora@antigo.test'`);
      // The ledger takes new rows only.
      await expect(run(`update organiser_earnings set net_cents = 0`)).rejects.toThrow();
      await expect(run(`delete from organiser_earnings`)).rejects.toThrow();
      return;
    }
    case '0021_member_place_notices': {
      // A mensalista's held place is a place notice of its own: pushed like the waitlist's.
      const kinds = await query<{ kind: string }>(database, sql`select notification_kind('member_place_pending') as kind`);
      expect(kinds).toEqual([{ kind: 'places' }]);
      await run(`insert into notifications (user_id, game_id, type, message)
        select id, (select min(id) from games), 'member_place_pending', 'Sua vaga de mensalista está reservada' from users
        where email = 'jogadora@antigo.test'`);
      const pushes = await query<{ n: number }>(database, sql`select count(*)::int as n from push_outbox`);
      expect(pushes).toEqual([{ n: 2 }]);
      return;
    }
    case '0022_walk_ins': {
      // The organiser added a "+1" by name: the game counts the place it takes.
      await run(`insert into game_walk_ins (game_id, name, added_by)
        select min(id), 'Primo da Ana', (select id from users where email = 'admin@antigo.test') from games`);
      const counted = await query<{ n: number }>(
        database,
        sql`select walk_in_count as n from games where id = (select min(id) from games)`,
      );
      expect(counted).toEqual([{ n: 1 }]);
      return;
    }
    case '0024_organiser_notices': {
      // The player, organising too, turned organiser pushes off, then heard of a new registration naming another player.
      await run(`insert into notification_settings (user_id, kind, email, push)
        select id, 'organiser', true, false from users where email = 'jogadora@antigo.test'`);
      await run(`insert into notifications (user_id, game_id, type, message, about_user_id)
        select u.id, (select min(id) from games), 'new_registration', 'Nova inscrição em Vôlei de quinta (15/01/2026 às 19:00): Desistente',
          (select id from users where email = 'desistente@antigo.test')
        from users u where u.email = 'jogadora@antigo.test'`);
      // Still the two pushes of 0019 and 0021: none for a kind the person turned off.
      const pushes = await query<{ n: number }>(database, sql`select count(*)::int as n from push_outbox`);
      expect(pushes).toEqual([{ n: 2 }]);
      return;
    }
    case '0023_first_week_fixes': {
      // Revenue counts the places paid through the platform only: here the one paid outside ('external') leaves it.
      const [totals] = await query<{ kept: number; platform: number }>(
        database,
        sql`select (select coalesce(sum(revenue_cents), 0)::int from dashboard_totals) as kept,
          (select coalesce(sum(g.price_cents), 0)::int from registrations r join games g on g.id = r.game_id
            where r.status = 'confirmed' and r.payment_type in ('credit', 'stripe', 'mercadopago') and g.status <> 'cancelled') as platform`,
      );
      expect(totals!.kept).toBe(totals!.platform);
      return;
    }
    case '0025_user_statement_index': {
      // A user's statement is read through the index on user, date and id, which replaced the one on user alone.
      expect(await indexNames(database, 'credit_transactions', 'credit_transactions_user%')).toEqual([
        'credit_transactions_user_created_idx',
      ]);
      return;
    }
    case '0027_registrations_game_start': {
      // Every registration written before carries its game's start, and all of a game's follow it when it moves (moved
      // here and back, so the rows stay as they were). New ones get it on insert, or NOT NULL refuses them.
      const astray = sql`select count(*)::int as n from registrations r join games g on g.id = r.game_id
        where r.game_date_time is distinct from g.date_time`;
      expect(await query<{ n: number }>(database, astray)).toEqual([{ n: 0 }]);
      const [moved] = await query<{ id: number; registered: number }>(
        database,
        sql`select game_id as id, count(*)::int as registered from registrations group by game_id order by count(*) desc, game_id limit 1`,
      );
      expect(moved!.registered).toBeGreaterThan(1);
      await run(`update games set date_time = date_time + interval '3 days' where id = ${moved!.id}`);
      const [shifted] = await query<{ n: number }>(
        database,
        sql`select count(*)::int as n from registrations r join games g on g.id = r.game_id
          where r.game_id = ${moved!.id} and r.game_date_time = g.date_time`,
      );
      expect(shifted!.n).toBe(moved!.registered);
      await run(`update games set date_time = date_time - interval '3 days' where id = ${moved!.id}`);
      expect(await query<{ n: number }>(database, astray)).toEqual([{ n: 0 }]);
      return;
    }
    case '0028_cancellation_totals': {
      // The counts start as the requests already there, and follow a request decided (here and back again).
      const counts = sql`select s.status, s.requests, (select count(*)::int from cancellation_requests c where c.status = s.status) as counted
        from cancellation_totals s order by s.status`;
      const before = await query<{ status: string; requests: number; counted: number }>(database, counts);
      expect(before.map((row) => row.status)).toEqual(['pending', 'processed', 'rejected']);
      expect(before.reduce((sum, row) => sum + row.counted, 0)).toBeGreaterThan(0);
      for (const row of before) expect(row.requests, row.status).toBe(row.counted);
      const [request] = await query<{ id: number; status: string }>(
        database,
        sql`select id, status from cancellation_requests order by id limit 1`,
      );
      const other = request!.status === 'rejected' ? 'processed' : 'rejected';
      await run(`update cancellation_requests set status = '${other}' where id = ${request!.id}`);
      const moved = await query<{ status: string; requests: number; counted: number }>(database, counts);
      for (const row of moved) expect(row.requests, row.status).toBe(row.counted);
      expect(moved.find((row) => row.status === other)!.requests).toBe(before.find((row) => row.status === other)!.requests + 1);
      await run(`update cancellation_requests set status = '${request!.status}' where id = ${request!.id}`);
      expect(await query(database, counts)).toEqual(before);
      return;
    }
    case '0029_search_and_sweep_indexes': {
      // One trigram index of name and e-mail together replaced the one of each.
      expect(await indexNames(database, 'users', '%trgm%')).toEqual(['users_search_trgm_idx']);
      return;
    }
    case '0030_city_listing_index': {
      expect(await indexNames(database, 'games', '%listing%')).toEqual(['games_city_listing_idx', 'games_listing_idx']);
      return;
    }
    case '0031_organiser_games_index': {
      // The organiser's date index now holds each game's status, for counts read from the index alone.
      const [index] = await query<{ def: string }>(
        database,
        sql`select indexdef as def from pg_indexes where indexname = 'games_creator_date_idx'`,
      );
      expect(index?.def).toMatch(/\(creator_id, date_time DESC, id DESC, status\)/);
      return;
    }
    case '0033_registration_places_index': {
      // A game's places counted from the index alone: the payment deadline rides in the index on (game, status).
      const [index] = await query<{ def: string }>(
        database,
        sql`select indexdef as def from pg_indexes where indexname = 'registrations_game_status_idx'`,
      );
      expect(index?.def).toMatch(/\(game_id, status\) INCLUDE \(payment_deadline\)/);
      // A transfer id was unique only in its exact case then: two were recorded twice each, in two cases, one of them
      // already upper-case (each payout with its ledger row, paid out of a place sold).
      await run(`insert into payouts (organiser_id, amount_cents, status, key_type, key, holder_name, reference, requested_at, decided_at, decided_by)
        select u.id, 100, 'paid', 'email', 'jogadora@antigo.test', 'Jogadora Antiga', v.reference, v.at::timestamptz, v.at::timestamptz,
          (select id from users where email = 'admin@antigo.test')
        from users u, (values
          ('E12345678202603011200aaaaaaaaaaa', '2026-03-01T12:00:00Z'), ('E12345678202603011200AAAAAAAAAAA', '2026-03-01T13:00:00Z'),
          ('E12345678202603021200bbbbbbbbbbb', '2026-03-02T12:00:00Z'), ('E12345678202603021200bBbBbBbBbBb', '2026-03-02T13:00:00Z')
        ) as v(reference, at)
        where u.email = 'jogadora@antigo.test' order by v.at`);
      await run(`insert into organiser_earnings (organiser_id, kind, source, game_id, registration_id, payout_id, gross_cents, fee_cents, net_cents, fee_percent)
        select u.id, 'sale', 'registration:' || r.id, r.game_id, r.id, null, 500, 100, 400, 20
        from users u, (select id, game_id from registrations order by id offset 1 limit 1) r where u.email = 'jogadora@antigo.test'
        union all
        select p.organiser_id, 'payout', 'payout:' || p.id, null, null, p.id, -100, 0, -100, 0
        from payouts p where p.reference like 'E1234567820260301%' or p.reference like 'E1234567820260302%'`);
      return;
    }
    case '0034_payout_reference_case': {
      // Every transfer id is upper-case, but where that would have made two payouts share one: there the upper-case
      // one stays (or the first recorded becomes so) and the other keeps its case.
      const references = await query<{ reference: string }>(
        database,
        sql`select reference from payouts where reference is not null order by id`,
      );
      expect(references.map((row) => row.reference)).toEqual([
        'E12345678202602051200ABCDEFGHIJK',
        'E12345678202603011200aaaaaaaaaaa',
        'E12345678202603011200AAAAAAAAAAA',
        'E12345678202603021200BBBBBBBBBBB',
        'E12345678202603021200bBbBbBbBbBb',
      ]);
      // From now on no id goes in another case, and none can be stored twice in two cases: each has its upper-case row.
      const paidAgain = (reference: string) =>
        run(`insert into payouts (organiser_id, amount_cents, status, key_type, key, holder_name, reference, decided_at)
          select id, 100, 'paid', 'email', email, name, '${reference}', '2026-03-03T12:00:00Z' from users where email = 'jogadora@antigo.test'`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(paidAgain('E12345678202603031200ccccccccccc')).rejects.toMatchObject(refusedBy('payouts_reference_upper_case'));
      for (const reference of [
        'E12345678202602051200ABCDEFGHIJK',
        'E12345678202603011200AAAAAAAAAAA',
        'E12345678202603021200BBBBBBBBBBB',
      ]) {
        await expect(paidAgain(reference), reference).rejects.toMatchObject(refusedBy('payouts_reference_unique'));
      }
      await expect(
        run(`update payouts set reference = lower(reference) where reference = 'E12345678202603021200BBBBBBBBBBB'`),
      ).rejects.toMatchObject(refusedBy('payouts_reference_upper_case'));
      return;
    }
    case '0035_mail_requests_and_message_ids': {
      // The e-mail still to go got its Message-ID, the one already sent did not (it is not rewritten); new ones get theirs.
      await run(`insert into email_outbox ("to", subject, text, html) values ('jogadora@antigo.test', 'Nova', 'Oi', '<p>Oi</p>')`);
      const ids = await query<{ subject: string; message_id: string | null }>(
        database,
        sql`select subject, message_id from email_outbox order by id`,
      );
      expect(ids.map((row) => [row.subject, row.message_id === null ? null : 'uuid'])).toEqual([
        ['Código de recuperação', null],
        ['Inscrição confirmada', 'uuid'],
        ['Nova', 'uuid'],
      ]);
      expect(new Set(ids.map((row) => row.message_id)).size).toBe(3);
      // A code asked for, not handled yet; a kind nobody handles is refused.
      await run(`insert into mail_requests (kind, payload) values ('password_reset', '{"email": "jogadora@antigo.test"}')`);
      await expect(run(`insert into mail_requests (kind, payload) values ('outra_coisa', '{}')`)).rejects.toMatchObject({
        cause: { message: expect.stringContaining('mail_requests_kind_valid') },
      });
      return;
    }
    case '0036_walk_ins_on_game_day': {
      // The team drawn before stays; a walk-in can now be marked, rated and drawn, never twice, never with an account.
      await run(`update game_walk_ins set present = true, level = 2`);
      await run(`insert into team_players (game_id, walk_in_id, team, drawn_at)
        select game_id, id, 2, '2027-02-04T21:50:00Z' from game_walk_ins`);
      const drawn = await query<{ accounts: number; walk_ins: number }>(
        database,
        sql`select count(user_id)::int as accounts, count(walk_in_id)::int as walk_ins from team_players`,
      );
      expect(drawn[0]!.walk_ins).toBeGreaterThan(0);
      expect(drawn[0]!.accounts).toBeGreaterThan(0);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(
        run(`insert into team_players (game_id, walk_in_id, team, drawn_at) select game_id, id, 1, now() from game_walk_ins limit 1`),
      ).rejects.toMatchObject(refusedBy('team_players_walk_in_idx'));
      await expect(
        run(`insert into team_players (game_id, user_id, walk_in_id, team, drawn_at)
          select w.game_id, u.id, w.id, 1, now() from game_walk_ins w, users u limit 1`),
      ).rejects.toMatchObject(refusedBy('team_players_one_player'));
      await expect(run(`insert into team_players (game_id, team, drawn_at) select id, 1, now() from games limit 1`)).rejects.toMatchObject(
        refusedBy('team_players_one_player'),
      );
      await expect(run(`update game_walk_ins set level = 6`)).rejects.toMatchObject(refusedBy('game_walk_ins_level_range'));
      return;
    }
    case '0037_earnings_totals': {
      // Each game's earnings and each organiser's books, added up once from the ledger written before (decision 073).
      const kept = await query<{ game_id: number; organiser_id: number; places: number; net: number }>(
        database,
        sql`select game_id, organiser_id, places, net_cents::float8 as net from organiser_game_earnings order by 1, 2`,
      );
      const ledger = await query<{ game_id: number; organiser_id: number; places: number; net: number }>(
        database,
        sql`select game_id, organiser_id, (count(*) filter (where kind = 'sale'))::int as places, sum(net_cents)::float8 as net
          from organiser_earnings where game_id is not null group by 1, 2 order by 1, 2`,
      );
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(ledger);
      const books = await query<{ payouts: number; fees: number }>(
        database,
        sql`select sum(payouts_cents)::float8 as payouts, sum(fee_cents)::float8 as fees from organiser_earnings_totals`,
      );
      // The sale and the payout of 0020, the sale and the four payouts of 0033.
      expect(books).toEqual([{ payouts: -2300, fees: 200 }]);
      return;
    }
    case '0038_turmas': {
      // A turma with its owner, a member and a request; a game of it for members only. One owner, and no game only
      // for a turma without one.
      await run(`insert into groups (name, slug, description, city_id, visibility, join_policy, invite_token)
        select 'Vôlei da Praia', 'volei-da-praia', 'Quintas.', id, 'private', 'approval', 'token-da-turma' from cities where name = 'Florianópolis'`);
      await run(`insert into group_members (group_id, user_id, role, status, joined_at)
        select g.id, u.id, case u.email when 'admin@antigo.test' then 'owner' else 'member' end, 'member', '2027-01-10T12:00:00Z'
        from groups g, users u where u.email in ('admin@antigo.test', 'jogadora@antigo.test')`);
      await run(`insert into group_members (group_id, user_id, role, status)
        select g.id, u.id, 'member', 'requested' from groups g, users u where u.email = 'desistente@antigo.test'`);
      await run(`update games set group_id = (select id from groups), visibility = 'group' where name = 'Vôlei de quinta'`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(run(`update group_members set role = 'owner' where role = 'member' and status = 'member'`)).rejects.toMatchObject(
        refusedBy('group_members_one_owner'),
      );
      await expect(run(`update games set group_id = null where visibility = 'group'`)).rejects.toMatchObject(
        refusedBy('games_group_visibility_has_group'),
      );
      await expect(run(`update group_members set role = 'organiser' where status = 'requested'`)).rejects.toMatchObject(
        refusedBy('group_members_request_is_member_role'),
      );
      await expect(run(`update groups set slug = 'Vôlei da Praia'`)).rejects.toMatchObject(refusedBy('groups_slug_format'));
      await expect(
        run(`insert into notification_settings (user_id, kind, email) select id, 'outra', false from users limit 1`),
      ).rejects.toMatchObject(refusedBy('notification_settings_kind_valid'));
      await run(
        `insert into notification_settings (user_id, kind, email) select id, 'groups', false from users where email = 'jogadora@antigo.test'`,
      );
      return;
    }
    case '0039_game_history': {
      // Each game's history starts empty: its creation by its organiser, and a promotion the system made.
      await run(`insert into game_events (game_id, at, actor_id, action, details)
        select id, created_at, creator_id, 'created', '{}'::jsonb from games`);
      await run(`insert into game_events (game_id, at, actor_id, action, details)
        select game_id, now(), null, 'player_promoted', jsonb_build_object('playerId', user_id, 'status', 'confirmed') from registrations limit 1`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(run(`insert into game_events (game_id, at, action) select id, now(), 'outra' from games limit 1`)).rejects.toMatchObject(
        refusedBy('game_events_action_valid'),
      );
      return;
    }
    case '0040_game_messages': {
      // An aviso of a game to its confirmed players; an empty one, one of 1 001 characters or another audience refused.
      await run(`insert into game_messages (game_id, sender_id, text, audience)
        select id, creator_id, 'Quadra 2 hoje.', 'confirmed' from games limit 1`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(
        run(`insert into game_messages (game_id, sender_id, text, audience) select id, creator_id, '', 'all' from games limit 1`),
      ).rejects.toMatchObject(refusedBy('game_messages_text_length'));
      await expect(
        run(
          `insert into game_messages (game_id, sender_id, text, audience) select id, creator_id, repeat('a', 1001), 'all' from games limit 1`,
        ),
      ).rejects.toMatchObject(refusedBy('game_messages_text_length'));
      await expect(
        run(`insert into game_messages (game_id, sender_id, text, audience) select id, creator_id, 'Oi', 'todos' from games limit 1`),
      ).rejects.toMatchObject(refusedBy('game_messages_audience_valid'));
      await run(
        `insert into notification_settings (user_id, kind, push) select id, 'messages', false from users where email = 'jogadora@antigo.test'`,
      );
      return;
    }
    case '0041_turma_avisos': {
      // A turma's aviso to its members, its notice naming the turma, and a member who muted it; an aviso of both a game
      // and a turma, of neither, or a turma's with an audience refused.
      await run(`insert into game_messages (group_id, sender_id, text)
        select g.id, m.user_id, 'Churrasco sábado.' from groups g join group_members m on m.group_id = g.id and m.role = 'owner'`);
      await run(`insert into notifications (user_id, type, message, group_id, about_user_id)
        select m.user_id, 'group_message', 'Aviso de Admin: Churrasco sábado.', m.group_id, o.user_id
        from group_members m join group_members o on o.group_id = m.group_id and o.role = 'owner'
        where m.role = 'member' and m.status = 'member'`);
      await run(`update group_members set muted = true where role = 'member' and status = 'member'`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(
        run(`insert into game_messages (game_id, group_id, sender_id, text, audience)
          select (select id from games limit 1), id, (select id from users limit 1), 'Oi', 'all' from groups`),
      ).rejects.toMatchObject(refusedBy('game_messages_game_or_group'));
      await expect(run(`insert into game_messages (sender_id, text) select id, 'Oi' from users limit 1`)).rejects.toMatchObject(
        refusedBy('game_messages_game_or_group'),
      );
      await expect(
        run(
          `insert into game_messages (group_id, sender_id, text, audience) select id, (select id from users limit 1), 'Oi', 'all' from groups`,
        ),
      ).rejects.toMatchObject(refusedBy('game_messages_audience_of_game'));
      return;
    }
    case '0043_payment_accounts': {
      // A connected Mercado Pago seller (tokens sealed) and a state of the OAuth flow; tokens without a connection, a
      // second account of one provider or another provider refused.
      await run(`insert into payment_accounts (user_id, provider, status, external_id, access_token, refresh_token, token_expires_at)
        select id, 'mercadopago', 'connected', '123', 'v1.a.b.c', 'v1.d.e.f', now() + interval '180 days' from users limit 1`);
      await run(`insert into payment_account_states (user_id, provider, state_hash, expires_at)
        select id, 'mercadopago', md5('estado'), now() + interval '10 minutes' from users limit 1`);
      const refusedBy = (constraint: string) => ({ cause: { message: expect.stringContaining(constraint) } });
      await expect(
        run(
          `insert into payment_accounts (user_id, provider, status, access_token) select id, 'stripe', 'expired', 'v1.a.b.c' from users limit 1`,
        ),
      ).rejects.toMatchObject(refusedBy('payment_accounts_tokens_connected'));
      await expect(
        run(`insert into payment_accounts (user_id, provider, status) select id, 'mercadopago', 'none' from users limit 1`),
      ).rejects.toMatchObject(refusedBy('payment_accounts_user_provider_idx'));
      await expect(
        run(`insert into payment_accounts (user_id, provider, status) select id, 'paypal', 'none' from users limit 1`),
      ).rejects.toMatchObject(refusedBy('payment_accounts_provider_valid'));
      return;
    }
    default:
      return;
  }
}

/** The names of a table's indexes named `like` this pattern, in order. */
async function indexNames(database: Database, table: string, like: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    database,
    sql`select indexname as name from pg_indexes where tablename = ${table} and indexname like ${like} order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Totals kept by the database that a migration restates by a new definition, checked in rowsAfter instead. */
const RESTATED_TOTALS: Record<string, string[]> = { '0023_first_week_fixes': ['dashboard_totals'] };
/** Columns a migration rewrites on purpose (per table), checked in rowsAfter instead. */
const RESTATED_COLUMNS: Record<string, Record<string, string[]>> = { '0034_payout_reference_case': { payouts: ['reference'] } };

describe('upgrades keep the data', () => {
  it('a database built at the first migration, with rows in every table, migrates step by step to the latest keeping every row and the ledger', async () => {
    const database = await createEmptyTestDatabase();
    try {
      let before: Rows = {};
      // Each step as an earlier release took it: its migrations as they shipped, by drizzle's migrator.
      for (const [index, entry] of journal.entries.entries()) {
        await migrateAsShipped(database, migrationsFolderWith(index + 1, { shipped: true }));
        // Everything written before this migration is still there, as it was (apart from totals it restates on purpose).
        const restated = RESTATED_TOTALS[entry.tag] ?? [];
        const rewritten = RESTATED_COLUMNS[entry.tag] ?? {};
        const kept = (rows: Rows) =>
          Object.fromEntries(
            Object.entries(rows)
              .filter(([table]) => !restated.includes(table))
              .map(([table, list]) => [
                table,
                list.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !rewritten[table]?.includes(column)))),
              ]),
          );
        expect(kept(sameColumns(await everyRow(database), before)), `rows changed by ${entry.tag}`).toEqual(kept(before));
        expect(await unbalancedUsers(database), `ledger after ${entry.tag}`).toEqual([]);
        await rowsAfter(entry.tag, database);
        before = await everyRow(database);
      }

      // Today's migrator finds no migration left to run and applies the definitions over what the migrations left.
      await database.migrate();
      expect(await everyRow(database)).toEqual(before);
      const empty = Object.entries(before)
        .filter(([, rows]) => rows.length === 0)
        .map(([table]) => table);
      expect(empty, 'tables with no rows in this test: give them rows in rowsAfter() at the migration that creates them').toEqual([]);
      await expectLedgerBalanced(database.db);

      // The upgraded database serves today's product: reference data goes in, old passwords and sessions work.
      await seedReferenceData(database.db);
      const clock = fixedClock(TEST_NOW);
      const app = await buildApp({
        config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'off', LISTING_CACHE_MS: '0' }),
        database,
        clock,
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'jogadora@antigo.test', password: OLD_PASSWORD },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json().user).toMatchObject({ name: 'Jogadora Antiga', credits: 40 });
        const player = before.users!.find((user) => user.email === 'jogadora@antigo.test')!;
        const oldSession = await createTokenService({ secret: new TextEncoder().encode(JWT_SECRET), clock }).issue({
          userId: player.id as number,
          tokenVersion: 1,
        });
        const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${oldSession}` } });
        expect(me.statusCode).toBe(200);
        expect(me.json().myGames).toEqual([expect.objectContaining({ name: 'Vôlei de quinta' })]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('applies pending migrations in one transaction: a failing one leaves the database as it was', async () => {
    const database = await createTestDatabase();
    try {
      const applied = await query(database, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`);
      const migrationsFolder = migrationsFolderWith(journal.entries.length, {
        extra: [
          { tag: '9998_boa', sql: 'CREATE TABLE "tabela_nova" ("id" integer);' },
          { tag: '9999_quebrada', sql: 'ALTER TABLE "users" ADD COLUMN "apelido" text;--> statement-breakpoint\nSELECT 1 / 0;' },
        ],
      });
      await expect(migrateDatabase(database.db, { migrationsFolder, definitionsFolder })).rejects.toMatchObject({
        cause: { message: 'division by zero' },
      });
      expect(await query(database, sql`select to_regclass('public.tabela_nova') as t`)).toEqual([{ t: null }]);
      expect(
        await query(
          database,
          sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'apelido'`,
        ),
      ).toEqual([]);
      expect(await query(database, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`)).toEqual(applied);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('balances kept by the database (0014)', () => {
  it('an upgrade over a balance that is not the sum of its ledger stops, naming the account, and changes nothing', async () => {
    const database = await createEmptyTestDatabase();
    try {
      const ledgerKept = journal.entries.findIndex((entry) => entry.tag === '0014_balance_from_the_ledger');
      await migrateAsShipped(database, migrationsFolderWith(ledgerKept, { shipped: true }));
      const [drifted] = await query<{ id: number }>(
        database,
        sql`insert into users (name, email, balance_cents) values ('Sem extrato', 'sem-extrato@antigo.test', 700) returning id`,
      );
      await expect(database.migrate()).rejects.toMatchObject({
        cause: { message: expect.stringContaining(`${drifted!.id} (saldo 700, extrato 0)`) },
      });
      expect(await query(database, sql`select to_regproc('ledger_moves_balance')::text as f`)).toEqual([{ f: null }]);
      expect(await query(database, sql`select balance_cents from users where id = ${drifted!.id}`)).toEqual([{ balance_cents: 700 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('migrations stay forward-only', () => {
  it('a shipped migration is never edited, renamed or removed', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const current = Object.fromEntries(journal.entries.map((entry) => [entry.tag, sha(sqlOf(entry.tag))]));
    for (const [tag, hash] of Object.entries(RELEASED)) {
      expect(sha(shippedSqlOf(tag)), `${tag} as it shipped`).toBe(hash);
      expect(current[tag], `${tag} was shipped: write a new migration instead of changing or removing it`).toBe(
        DEFINITIONS_MOVED_OUT[tag] ?? hash,
      );
      expect(wasShippedOtherwise(tag), `${tag}: kept as it shipped only when it differs from it`).toBe(tag in DEFINITIONS_MOVED_OUT);
    }
    const unlisted = Object.entries(current).filter(([tag]) => !(tag in RELEASED));
    expect(
      unlisted.map(([tag, hash]) => `'${tag}': '${hash}',`),
      'a new migration: add these lines to RELEASED in this test, so it is not edited after it ships',
    ).toEqual([]);
  });

  it('the journal lists every migration file once, numbered in order, each newer than the one before', () => {
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(files).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`));
    for (const [index, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0') + '_')).toBe(true);
      // The migrator only runs migrations newer than the last applied one: an older `when` would be skipped for good.
      if (index > 0)
        expect(entry.when, `${entry.tag} must be newer than the migration before it`).toBeGreaterThan(journal.entries[index - 1]!.when);
    }
  });

  it('no migration manages its own transaction or runs what a transaction cannot hold', () => {
    for (const { tag } of journal.entries) {
      // A function's body (between $$) is not run by the migration: its BEGIN opens a PL/pgSQL block.
      const statements = sqlOf(tag).replace(/\$\$[\s\S]*?\$\$/g, '$$$$');
      expect(statements, tag).not.toMatch(
        /^\s*(BEGIN|COMMIT|ROLLBACK|START TRANSACTION)\b|\bCONCURRENTLY\b|\bVACUUM\b|\bALTER SYSTEM\b|\bCREATE DATABASE\b/im,
      );
    }
  });
});
