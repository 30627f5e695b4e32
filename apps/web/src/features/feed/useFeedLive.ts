import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FeedPage } from '@nebab/shared';
import { feedKeys } from '../../api/feed/keys';
import { useSocketEvents } from '../realtime/useSocket';

/**
 * Keeps the feed in the query cache live over the tab's socket: `feed:new` puts the entry on top of
 * the first page (once), `feed:removed` takes entries out of every page, and a reconnection refetches
 * what may have been missed. Answers how many entries arrived live (for a polite announcement).
 */
export function useFeedLive(): number {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState(0);
  const wasDown = useRef(false);

  const patch = (change: (data: InfiniteData<FeedPage, string>) => InfiniteData<FeedPage, string>) =>
    queryClient.setQueryData<InfiniteData<FeedPage, string>>(feedKeys.list(), (data) =>
      data ? change(data) : data,
    );

  useSocketEvents({
    'feed:new': ({ entry }) => {
      patch((data) => {
        if (data.pages.some((page) => page.items.some((item) => item.id === entry.id))) {
          // A moved entry (a repeat): take the old copy out, put the new one on top.
          data = {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.id !== entry.id),
            })),
          };
        }
        const [first, ...rest] = data.pages;
        if (!first) return data;
        return { ...data, pages: [{ ...first, items: [entry, ...first.items] }, ...rest] };
      });
      setArrived((count) => count + 1);
    },
    'feed:removed': ({ ids }) => {
      const gone = new Set(ids);
      patch((data) => ({
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => !gone.has(item.id)),
        })),
      }));
    },
    disconnect: () => {
      wasDown.current = true;
    },
    connect: () => {
      if (!wasDown.current) return;
      wasDown.current = false;
      void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
    },
  });
  return arrived;
}
