import type { User } from '@nebab/shared';

/** A signed-in reader as GET /api/auth/me answers it; override what a test needs. */
export function testReader(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Tigist Bekele',
    email: 'tigist@example.com',
    role: 'user',
    profile_picture: null,
    birth_date: null,
    location: null,
    created_at: '2026-01-01T00:00:00Z',
    auth_provider: 'password',
    language: null,
    theme: null,
    status: 'active',
    booksRead: 0,
    reviewsWritten: 0,
    emailVerified: true,
    ...overrides,
  };
}

/** Saved preferences (so the guards let the reader past the wizard). */
export const testPreferences = {
  languages: ['en'],
  genres: ['history'],
  ageGroup: null,
  bookLength: null,
  authors: [],
};
