import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    role: text('role', { enum: ['admin', 'player'] }).notNull().default('player'),
    balanceCents: integer('balance_cents').notNull().default(0),
    /** Bumped by a password reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_sub_unique').on(t.googleSub),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check('users_role_valid', sql`${t.role} in ('admin', 'player')`),
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
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
  createdAt: createdAt(),
});
