import { useQueryClient } from '@tanstack/react-query';
import { clubKeys } from '../../api/clubs/keys';
import { useSocketEvents } from '../realtime/useSocket';

/**
 * Keeps an open club's member list, pending requests and member count current: the server pushes
 * `club:members` to the club's room and its moderators when someone joins, asks to join, leaves or
 * is removed, and this refetches that club's lists (on the session's shared socket). A change made
 * before the socket was listening (the lists came with the server-rendered page, or the connection
 * dropped) is caught up when it connects.
 */
export function useClubMembersLive(clubId: string): void {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: clubKeys.members(clubId) });
    void queryClient.invalidateQueries({ queryKey: clubKeys.requests(clubId) });
    void queryClient.invalidateQueries({ queryKey: clubKeys.detail(clubId), exact: true });
  };
  useSocketEvents({
    connect: refetch,
    'club:members': (payload) => {
      if (payload.clubId === clubId) refetch();
    },
  });
}
