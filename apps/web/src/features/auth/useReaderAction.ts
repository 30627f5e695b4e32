import { useCallback } from 'react';
import type { User } from '@nebab/shared';
import { useAuth } from './authContext';

/**
 * The guard of every action that needs a signed-in reader (a Like, Add to Reading List): the
 * returned function runs the action with the reader once the session is known, or `asVisitor` for
 * a visitor. A reader who acts while their stored session is
 * still being checked (a click right after the page appears) waits for it, rather than being told
 * to log in. Resolves with what the action returned (undefined for a visitor).
 */
export function useReaderAction() {
  const { whenSessionKnown } = useAuth();
  return useCallback(
    async <T>(action: (reader: User) => T | Promise<T>, asVisitor: () => void): Promise<T | undefined> => {
      const reader = await whenSessionKnown();
      if (!reader) {
        asVisitor();
        return undefined;
      }
      return action(reader);
    },
    [whenSessionKnown],
  );
}
