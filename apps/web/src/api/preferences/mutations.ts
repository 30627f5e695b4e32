import { useMutation } from '@tanstack/react-query';
import type { PreferencesInput, SavedPreferences } from '@nebab/shared';
import { apiRequest } from '../client';

export function useSavePreferencesMutation() {
  return useMutation({
    mutationFn: (body: PreferencesInput) =>
      apiRequest<SavedPreferences>('/api/preferences', { method: 'PUT', body }),
  });
}
