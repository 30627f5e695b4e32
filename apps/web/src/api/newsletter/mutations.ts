import { useMutation } from '@tanstack/react-query';
import type { Language } from '@nebab/shared';
import { apiRequest } from '../client';

/** POST /api/newsletter { email, language } — 201, idempotent (a repeat subscription also succeeds). */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (body: { email: string; language: Language }) =>
      apiRequest<unknown>('/api/newsletter', { method: 'POST', body }),
  });
}
