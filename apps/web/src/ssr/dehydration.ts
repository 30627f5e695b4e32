import { hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** An {@link ApiError} as it travels in the page (Error objects do not survive JSON). */
interface SerializedApiError {
  apiError: true;
  status: number;
  code: ApiError['code'];
  message: string;
  fields: Record<string, string>;
}

/** Queries worth sending: answered ones, successes and API errors (a 404 page hydrates as a 404 page). */
export function shouldSendQuery(query: Query): boolean {
  return (
    query.state.status === 'success' ||
    (query.state.status === 'error' && query.state.error instanceof ApiError)
  );
}

/** The dehydrated cache with its errors as plain objects. */
export function serializeErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const serialized: SerializedApiError = {
        apiError: true,
        status: error.status,
        code: error.code,
        message: error.message,
        fields: error.fields,
      };
      return { ...query, state: { ...query.state, error: serialized as unknown as Error } };
    }),
  };
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && (value as { apiError?: unknown }).apiError === true;
}

/**
 * The server's cache as the browser hydrates it: errors become {@link ApiError}s again, and when a reader
 * is signed in every answer is marked stale, so it is fetched again with their token (their own reviews,
 * reactions and list) right after hydration, while the server's copy stays on screen.
 */
export function reviveState(state: DehydratedState, signedIn: boolean): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      const revived = isSerializedApiError(error)
        ? new ApiError(error.status, error.code, error.message, error.fields)
        : error;
      return {
        ...query,
        state: {
          ...query.state,
          error: revived,
          ...(signedIn ? { dataUpdatedAt: 0, isInvalidated: true } : {}),
        },
      };
    }),
  };
}

/**
 * What the server, which never sees a reader's token, may have refused only for want of it: a book
 * not public yet that its adder may open, a private list its owner may.
 */
const REFUSED_FOR_THE_ANONYMOUS = new Set([401, 403, 404]);

/**
 * Puts the server's cache into the browser's. A query the server answered with an error (a 404 book)
 * is not fetched again on mount, so it renders as on the server (the not-found page) instead of a
 * loading state; the server's QueryClient renders errors the same way (`retryOnMount: false`). For a
 * signed-in reader a 401/403/404 is asked again with their token (the error stays on screen while it
 * is), since the answer may be theirs to see.
 */
export function hydrateServerState(
  queryClient: QueryClient,
  state: DehydratedState,
  signedIn: boolean,
): void {
  const revived = reviveState(state, signedIn);
  for (const query of revived.queries) {
    if (query.state.status !== 'error') continue;
    const error = query.state.error;
    const askAgain = signedIn && error instanceof ApiError && REFUSED_FOR_THE_ANONYMOUS.has(error.status);
    if (!askAgain) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(queryClient, revived);
}
