import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * `useSearchParams` whose setter builds on the query the router holds at the moment of the call.
 *
 * React Router renders a navigation as a transition: for a moment after the address changed, the
 * page still holds the previous query, and so does React Router's own functional setter. A second
 * change made in that moment (a filter, then at once a sort) was computed from the old query and
 * silently dropped the first. The router's state is updated before that render, so every change
 * here starts from the last one. (Outside a data router, the address bar is the same truth.)
 */
export function useLiveSearchParams(): readonly [
  URLSearchParams,
  (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const update = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const search = router ? router.state.location.search : window.location.search;
      setParams(next(new URLSearchParams(search)), options);
    },
    [router, setParams],
  );
  return [params, update] as const;
}
