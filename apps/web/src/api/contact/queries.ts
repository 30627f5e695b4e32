import { queryOptions } from '@tanstack/react-query';
import type { ContactMessageList, ContactMessageListQuery } from '@nebab/shared';
import { apiRequest } from '../client';
import { contactKeys } from './keys';

/** GET /api/admin/contact-messages (admins): the contact form's messages, newest first. */
export function contactInboxQueryOptions(query: Partial<ContactMessageListQuery>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return queryOptions({
    queryKey: contactKeys.inbox(query),
    queryFn: ({ signal }) =>
      apiRequest<ContactMessageList>(`/api/admin/contact-messages?${search.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
