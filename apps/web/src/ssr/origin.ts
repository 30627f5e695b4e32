import { createContext, useContext } from 'react';

/** The site's origin (`PUBLIC_URL` on server-rendered pages), the same on the server and when hydrating. */
export const OriginContext = createContext<string | null>(null);

/** The site's origin for absolute links; outside the providers (tests), the window's. */
export function useOrigin(): string {
  const origin = useContext(OriginContext);
  return origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
