import { sql } from 'drizzle-orm';
import { check, date, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTH_PROVIDERS, ROLES, USER_STATUSES } from '@nebab/shared';
import { id, timestamps, timestampTz } from './columns.js';

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const authProvider = pgEnum('auth_provider', AUTH_PROVIDERS);

/** Accounts (spec §3 User). Emails are stored lower-cased; the check constraint holds that line. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('user'),
    status: userStatus('status').notNull().default('active'),
    authProvider: authProvider('auth_provider').notNull().default('password'),
    googleId: text('google_id'),
    profilePicture: text('profile_picture'),
    birthDate: date('birth_date', { mode: 'string' }),
    location: text('location'),
    /** Storage key of an uploaded profile picture (`avatars/…`); `profile_picture` then holds its URL. */
    profilePictureKey: text('profile_picture_key'),
    recoveryEmail: text('recovery_email'),
    /** When the login email was confirmed through a mailed link (or by Google); null: not yet. */
    emailVerifiedAt: timestampTz('email_verified_at'),
    /** When the recovery email was confirmed; only a confirmed one receives password-reset links. */
    recoveryEmailVerifiedAt: timestampTz('recovery_email_verified_at'),
    /** Interface language kept on the account (`en` / `am`), null until the reader picks one. */
    language: text('language'),
    /** Theme kept on the account (`light` / `dark` / `system`), null until the reader picks one. */
    theme: text('theme'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_id_unique').on(t.googleId),
    uniqueIndex('users_profile_picture_key_unique').on(t.profilePictureKey),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_language_check', sql`${t.language} IN ('en', 'am')`),
    check('users_theme_check', sql`${t.theme} IN ('light', 'dark', 'system')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** `user_id` of a row owned by a reader: required, removed with the reader's account. */
export const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
