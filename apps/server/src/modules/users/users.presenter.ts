import { LANGUAGES, THEME_CHOICES, type User, type UserStats } from '@nebab/shared';
import type { UserRow } from '../../db/schema/index.js';

/** The User of spec §3 (never the row: no password hash, no google id). */
export function presentUser(row: UserRow, counts: Pick<UserStats, 'booksRead' | 'reviewsWritten'>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profile_picture: row.profilePicture,
    birth_date: row.birthDate,
    location: row.location,
    created_at: row.createdAt.toISOString(),
    auth_provider: row.authProvider,
    status: row.status,
    booksRead: counts.booksRead,
    reviewsWritten: counts.reviewsWritten,
    language: LANGUAGES.find((code) => code === row.language) ?? null,
    theme: THEME_CHOICES.find((choice) => choice === row.theme) ?? null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
