import type { QueryClient } from '@tanstack/react-query';
import type { AccountDisplay, MeResponse } from '@nebab/shared';
import { readToken } from '../tokenStorage';
import { authKeys } from '../auth/keys';
import type { Session } from '../auth/queries';
import { apiRequest } from '../client';

/**
 * PUT /api/account/display: keeps the interface language and/or theme on the account, and puts the
 * answered user into the signed-in session.
 */
export async function saveAccountDisplay(queryClient: QueryClient, body: AccountDisplay): Promise<void> {
  const token = readToken();
  const me = await apiRequest<MeResponse>('/api/account/display', { method: 'PUT', body, token });
  queryClient.setQueryData<Session>(authKeys.session(token), (current) =>
    current ? { ...current, user: me.user } : current,
  );
}
