/**
 * "The server no longer accepts the stored token" (it answered 401 UNAUTHENTICATED or 403 SUSPENDED
 * to a request that carried it): the session was revoked, expired, or the account was suspended or
 * deleted. The API client reports it; AuthProvider signs the reader out.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifySessionEnded(): void {
  for (const listener of [...listeners]) listener();
}
