import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal, GoalInput } from '@nebab/shared';
import { apiRequest } from '../client';
import { readerTimeZone } from '../reading-list/queries';
import { statsKeys } from './keys';

/** PUT /api/me/goal { year, books, pages? } — the goal with its progress. */
export function useSetGoalMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (goal: GoalInput) =>
      apiRequest<Goal>(`/api/me/goal?tz=${encodeURIComponent(readerTimeZone())}`, {
        method: 'PUT',
        body: goal,
      }),
    onSuccess: (goal) => client.setQueryData([...statsKeys.me(), 'goal', goal.year], goal),
    onSettled: () => void client.invalidateQueries({ queryKey: statsKeys.me() }),
  });
}
