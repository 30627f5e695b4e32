import { queryOptions } from '@tanstack/react-query';
import type { MeResponse, SavedPreferences, User } from '@nebab/shared';
import { apiRequest, isApiError } from '../client';
import { authKeys } from './keys';

/** What the client knows about a signed-in reader: the user and their preferences (null when none). */
export interface Session {
  user: User;
  preferences: SavedPreferences | null;
}

/** GET /api/preferences, where 404 means the reader has not set any yet. */
export async function fetchPreferences(token?: string | null): Promise<SavedPreferences | null> {
  try {
    return await apiRequest<SavedPreferences>('/api/preferences', { token });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Loads the current user and their preferences together (spec §4 Session). */
export async function fetchSession(token: string): Promise<Session> {
  const [me, preferences] = await Promise.all([
    apiRequest<MeResponse>('/api/auth/me', { token }),
    // Preferences failing for any other reason must not sign the reader out; the wizard can save again.
    fetchPreferences(token).catch(() => null),
  ]);
  return { user: me.user, preferences };
}

export function sessionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: authKeys.session(token),
    queryFn: () => {
      if (!token) throw new Error('No session token');
      return fetchSession(token);
    },
    enabled: !!token,
    staleTime: 5 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export interface AuthProviders {
  google: boolean;
}

export function providersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.providers(),
    queryFn: async (): Promise<AuthProviders> => {
      try {
        return await apiRequest<AuthProviders>('/api/auth/providers');
      } catch {
        return { google: false };
      }
    },
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
