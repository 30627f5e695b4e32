import { queryOptions } from '@tanstack/react-query';
import type { AccountSecurity, AccountSessions } from '@nebab/shared';
import { apiRequest } from '../client';
import { accountKeys } from './keys';

/** GET /api/account/security: password, recovery email and two-factor state. */
export function accountSecurityQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.security(),
    queryFn: ({ signal }) => apiRequest<AccountSecurity>('/api/account/security', { signal }),
  });
}

/** GET /api/account/sessions: the connected devices. */
export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiRequest<AccountSessions>('/api/account/sessions', { signal }),
  });
}
