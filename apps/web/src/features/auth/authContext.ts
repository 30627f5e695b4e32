import { createContext, useContext } from 'react';
import type { SavedPreferences, User } from '@nebab/shared';
import type { Session } from '../../api/auth/queries';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** The one place the client keeps who is signed in (spec §4 Session). */
export interface AuthApi {
  status: AuthStatus;
  user: User | null;
  preferences: SavedPreferences | null;
  hasPreferences: boolean;
  /** True between pressing Sign out and landing on `/`, so the guards stay out of the way. */
  signingOut: boolean;
  /**
   * Resolves once who is signed in is known: the reader, or null for a visitor. While a stored
   * session is still being checked (right after a page loads, and while a server-rendered page
   * hydrates as signed out) it waits for the answer instead of taking the reader for a visitor.
   * Actions go through it by way of `useReaderAction`.
   */
  whenSessionKnown: () => Promise<User | null>;
  /** Stores a new token and loads its session; resolves with the session, or null when it could not load. */
  completeSignIn: (token: string) => Promise<Session | null>;
  /** Spec §4 Sign out: POST /api/auth/logout (failure ignored), drop the token, go to `/`. */
  signOut: () => Promise<void>;
  /** Second half of sign-out, called once `/` is shown: clears the user and the query cache, toasts. */
  finishSignOut: () => void;
  /** Records freshly saved preferences in the session. */
  setPreferences: (preferences: SavedPreferences) => void;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth must be used inside <AuthProvider>');
  return api;
}
