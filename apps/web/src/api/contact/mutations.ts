import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, ContactMessageInput, ContactReceipt, ContactStatus } from '@nebab/shared';
import { apiRequest } from '../client';
import { contactKeys } from './keys';

/** POST /api/contact: a message to the team (visitors and readers). */
export function useSendContactMessageMutation() {
  return useMutation({
    mutationFn: (body: ContactMessageInput) =>
      apiRequest<ContactReceipt>('/api/contact', { method: 'POST', body }),
  });
}

/** PATCH /api/admin/contact-messages/:id: handled, or new again. */
export function useSetContactStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      apiRequest<ContactMessage>(`/api/admin/contact-messages/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all() }),
  });
}
