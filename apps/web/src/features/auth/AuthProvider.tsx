import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SavedPreferences, User } from '@nebab/shared';
import { logout } from '../../api/auth/mutations';
import { authKeys } from '../../api/auth/keys';
import { sessionQueryOptions, type Session } from '../../api/auth/queries';
import { isApiError } from '../../api/client';
import { useToast } from '../toast/toastContext';
import { AuthContext, type AuthApi, type AuthStatus } from './authContext';
import { clearNewReader } from './newReader';
import { clearStoredPreferences } from './preferencesStorage';
import { onSessionEnded } from '../../api/sessionEvents';
import { clearReaderCache } from '../../sw/register';
import { readToken, removeToken, writeToken } from '../../api/tokenStorage';

const noSubscription = () => () => {};

/**
 * Keeps the session: the token from localStorage, and the user plus preferences loaded with it
 * through TanStack Query. Lives inside the router because signing out navigates.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // A server-rendered page hydrates as the server rendered it (signed out); the stored token is read
  // right after. Signing in or out here sets the token this provider goes by from then on.
  const stored = useSyncExternalStore(noSubscription, readToken, () => null);
  const [changed, setChanged] = useState<{ token: string | null } | null>(null);
  const token = changed ? changed.token : stored;
  const [signingOut, setSigningOut] = useState(false);
  const session = useQuery(sessionQueryOptions(token));
  const reportedError = useRef<unknown>(null);

  // Spec §4: when the user cannot be loaded, show the server's message and treat the reader as signed out.
  // Improvement: the token is only dropped when the server says it is no longer valid (401); after a
  // network or server failure it is kept so that the next visit can try again.
  useEffect(() => {
    const error = session.error;
    if (!error || reportedError.current === error) return;
    reportedError.current = error;
    if (isApiError(error) && error.status === 401) removeToken();
    toast.show({ kind: 'error', message: error.message || t('errors.INTERNAL') });
  }, [session.error, toast, t]);

  const data = token ? session.data : undefined;
  const status: AuthStatus = !token
    ? 'signedOut'
    : data
      ? 'signedIn'
      : session.isError
        ? 'signedOut'
        : 'loading';

  // Who is signed in, once known. Status alone can mislead for a moment: a server-rendered page
  // hydrates as signed out (the server knows no token) with a token in storage, and the session is
  // then checked. The session is known when it has loaded, or when no token is stored (or the one
  // stored could not be used): only then may an action take the reader for a visitor.
  const known = useRef<{ user: User | null } | null>(null);
  const waiting = useRef<((user: User | null) => void)[]>([]);
  const sessionFailed = session.isError;
  const signedInUser = status === 'signedIn' ? (data?.user ?? null) : null;
  useEffect(() => {
    const settled =
      status === 'signedIn' ||
      (status === 'signedOut' && (changed !== null || sessionFailed || readToken() === null));
    known.current = settled ? { user: signedInUser } : null;
    if (!settled) return;
    const resolvers = waiting.current.splice(0);
    for (const resolve of resolvers) resolve(signedInUser);
  }, [status, changed, sessionFailed, signedInUser]);
  const whenSessionKnown = useCallback(
    () =>
      known.current
        ? Promise.resolve(known.current.user)
        : new Promise<User | null>((resolve) => waiting.current.push(resolve)),
    [],
  );

  // Any request whose stored token the server refuses (session ended: suspended, deleted, revoked)
  // signs the reader out here: token and cached data dropped, then /login with a notice.
  const signedInRef = useRef(false);
  useEffect(() => {
    signedInRef.current = status === 'signedIn';
  }, [status]);
  useEffect(
    () =>
      onSessionEnded(() => {
        // While the session is still loading, the session query's own error handling applies.
        if (!signedInRef.current) return;
        signedInRef.current = false;
        removeToken();
        clearStoredPreferences();
        clearNewReader();
        clearReaderCache();
        setChanged({ token: null });
        toast.show({ kind: 'error', message: t('sessionUi.ended') });
        void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
      }),
    [navigate, queryClient, toast, t],
  );

  const completeSignIn = useCallback(
    async (newToken: string): Promise<Session | null> => {
      writeToken(newToken);
      let loaded: Session | null = null;
      try {
        loaded = await queryClient.fetchQuery(sessionQueryOptions(newToken));
      } catch {
        // The session query reports the failure once the token is in place.
      }
      setChanged({ token: newToken });
      return loaded;
    },
    [queryClient],
  );

  // Sign out in two steps: drop the token and go to `/` while the guards stand aside, then clear the
  // session once `/` is on screen (SessionGate calls finishSignOut). Clearing earlier would render the
  // old, protected page without a user for a moment, and its guard would send the reader to /login.
  const signOut = useCallback(async () => {
    setSigningOut(true);
    await logout();
    removeToken();
    clearStoredPreferences();
    clearNewReader();
    clearReaderCache();
    await navigate('/', { replace: true });
  }, [navigate]);

  const finishSignOut = useCallback(() => {
    setChanged({ token: null });
    queryClient.clear();
    setSigningOut(false);
    toast.show({ kind: 'success', message: t('nav.signedOut') });
  }, [queryClient, toast, t]);

  const setPreferences = useCallback(
    (preferences: SavedPreferences) => {
      queryClient.setQueryData<Session>(authKeys.session(token), (current) =>
        current ? { ...current, preferences } : current,
      );
    },
    [queryClient, token],
  );

  const api = useMemo<AuthApi>(
    () => ({
      status,
      user: status === 'signedIn' ? (data?.user ?? null) : null,
      preferences: data?.preferences ?? null,
      hasPreferences: !!data?.preferences,
      signingOut,
      whenSessionKnown,
      completeSignIn,
      signOut,
      finishSignOut,
      setPreferences,
    }),
    [status, data, signingOut, whenSessionKnown, completeSignIn, signOut, finishSignOut, setPreferences],
  );

  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}
