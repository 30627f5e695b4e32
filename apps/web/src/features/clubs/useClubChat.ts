import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLUB_LIMITS, clubMessageContentSchema, type ClubMessage } from '@nebab/shared';
import { clubKeys } from '../../api/clubs/keys';
import { fetchClubMessages } from '../../api/clubs/queries';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/messages';
import { useRealtime, useSocketEvents, type AckResult } from '../realtime/useSocket';
import { mergeMessages, newestId, oldestId } from './mergeMessages';

/** `connecting` until the room is joined; `reconnecting` while the socket is down; `failed` when refused. */
export type ChatStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

export type SendResult = { ok: true } | { ok: false; message: string };

/** The chat as the query cache holds it: messages oldest first, and whether older ones remain. */
export interface ChatCache {
  items: ClubMessage[];
  hasEarlier: boolean;
}

export interface ClubChat {
  /** Oldest first, newest last; each id once. */
  messages: ClubMessage[];
  status: ChatStatus;
  /** Why the chat cannot be used (refused, failed to load), already translated. */
  error: string | null;
  /** The first page is still loading. */
  loading: boolean;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  loadEarlier: () => Promise<void>;
  send: (content: string) => Promise<SendResult>;
  /** Joins again after a refusal or a failure. */
  retry: () => void;
}

const PAGE = CLUB_LIMITS.messagesPageDefault;

/** How many mounted chats hold each club's room on the tab's socket (the last one leaves it). */
const roomHolders = new Map<string, number>();

function mergeInto(queryClient: QueryClient, clubId: string, incoming: readonly ClubMessage[]): boolean {
  let applied = false;
  queryClient.setQueryData<ChatCache>(clubKeys.chat(clubId), (current) => {
    if (!current) return current;
    applied = true;
    const items = mergeMessages(current.items, incoming);
    return items === current.items ? current : { ...current, items };
  });
  return applied;
}

/** Pages a digest's fill may read back from the latest one. */
const FILL_PAGES = 4;

/**
 * Fetches the messages a `club:recent` digest listed and this tab lacks: the latest page, then
 * earlier ones while some are still missing. Answers every message read (merged by the caller).
 */
async function fetchListed(clubId: string, missing: ReadonlySet<string>): Promise<ClubMessage[]> {
  const found: ClubMessage[] = [];
  const left = new Set(missing);
  let before: string | undefined;
  for (let page = 0; page < FILL_PAGES && left.size > 0; page += 1) {
    const result = await fetchClubMessages(clubId, { before, limit: CLUB_LIMITS.messagesPageMax });
    found.push(...result.items);
    for (const message of result.items) left.delete(message.id);
    before = oldestId(result.items) ?? undefined;
    if (!result.hasMore || !before) break;
  }
  return found;
}

/** A refused or unanswered acknowledgement as text: offline, no answer, or the server's message. */
function ackError(
  ack: Extract<AckResult<unknown>, { ok: false }>,
  texts: { offline: string; noAnswer: string; fallback: string },
): string {
  if (ack.code === 'OFFLINE') return texts.offline;
  if (ack.code === 'TIMEOUT') return texts.noAnswer;
  return ack.message ?? translateMessage(`errors.${ack.code}`) ?? texts.fallback;
}

/**
 * Live chat of one club (spec §4 Socket) on the tab's one socket. Emits `club:join` after every
 * (re)connection, then catches up: the query under `clubKeys.chat(clubId)` fetches the latest page
 * the first time and, each time after, the messages `after` the newest one held, so nothing sent
 * while the connection was down is missed. Live `club:message` events, fetched pages and the
 * sender's own acknowledged messages are all merged into that cache entry (by id, newest last).
 * The server's digest of recent messages (`club:recent`) names any whose broadcast never came.
 */
export function useClubChat(clubId: string): ClubChat {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const [join, setJoin] = useState<{ state: 'connecting' | 'live' | 'failed'; error: string | null }>({
    state: 'connecting',
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const [everLive, setEverLive] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  /** Live messages that came before the first page did. */
  const earlyRef = useRef<ClubMessage[]>([]);
  /** Ids a digest listed that were fetched for already: each is asked about once. */
  const askedRef = useRef(new Set<string>());
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  const key = clubKeys.chat(clubId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<ChatCache> => {
      const held = queryClient.getQueryData<ChatCache>(key);
      if (!held || held.items.length === 0) {
        const page = await fetchClubMessages(clubId, { limit: PAGE }, signal);
        const items = mergeMessages(page.items, earlyRef.current);
        earlyRef.current = [];
        return { items, hasEarlier: page.hasMore };
      }
      let items = held.items;
      for (;;) {
        const after = newestId(items);
        if (!after) break;
        const page = await fetchClubMessages(clubId, { after, limit: CLUB_LIMITS.messagesPageMax }, signal);
        items = mergeMessages(items, page.items);
        if (!page.hasMore || page.items.length === 0) break;
      }
      // Live messages that arrived meanwhile are in the cache already.
      const latest = queryClient.getQueryData<ChatCache>(key) ?? held;
      return { ...latest, items: mergeMessages(latest.items, items) };
    },
    enabled: join.state === 'live',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // Join the room on the first connection and after every reconnection (a new connection is in no
  // room), then catch up on what came meanwhile.
  const { connected, emit } = realtime;
  useEffect(() => {
    if (!connected) return;
    let cancelled = false;
    roomHolders.set(clubId, (roomHolders.get(clubId) ?? 0) + 1);
    void emit('club:join', { clubId }).then((ack) => {
      if (cancelled) return;
      if (!ack.ok) {
        const t = tRef.current;
        const texts = { offline: t('clubsUi.chat.offline'), noAnswer: t('clubsUi.chat.noAnswer') };
        setJoin({
          state: 'failed',
          error: ackError(ack, { ...texts, fallback: t('clubsUi.chat.joinFailed') }),
        });
        return;
      }
      setJoin({ state: 'live', error: null });
      setEverLive(true);
      if (queryClient.getQueryData<ChatCache>(clubKeys.chat(clubId)))
        void queryClient.refetchQueries(
          { queryKey: clubKeys.chat(clubId), exact: true },
          { cancelRefetch: false },
        );
    });
    return () => {
      cancelled = true;
      const left = (roomHolders.get(clubId) ?? 1) - 1;
      if (left > 0) roomHolders.set(clubId, left);
      else {
        roomHolders.delete(clubId);
        void emit('club:leave', { clubId });
      }
    };
  }, [connected, emit, clubId, queryClient, attempt]);

  useSocketEvents({
    'club:message': (message) => {
      if (message.clubId !== clubId) return;
      if (!mergeInto(queryClient, clubId, [message]))
        earlyRef.current = mergeMessages(earlyRef.current, [message]);
    },
    // A message whose live broadcast never came (its node died before sending it): fetch it.
    'club:recent': (digest) => {
      if (digest.clubId !== clubId) return;
      const held = queryClient.getQueryData<ChatCache>(clubKeys.chat(clubId));
      if (!held) return;
      const have = new Set(held.items.map((message) => message.id));
      const missing = new Set(digest.ids.filter((id) => !have.has(id) && !askedRef.current.has(id)));
      if (missing.size === 0) return;
      for (const id of missing) askedRef.current.add(id);
      fetchListed(clubId, missing).then(
        (found) => mergeInto(queryClient, clubId, found),
        // Not fetched (offline, say): the next digest, or the catch-up after reconnecting, tries again.
        () => {
          for (const id of missing) askedRef.current.delete(id);
        },
      );
    },
    'club:removed': (payload) => {
      if (payload.clubId !== clubId) return;
      setJoin({ state: 'failed', error: tRef.current('clubsUi.chat.removed') });
    },
  });

  const loadEarlier = useCallback(async () => {
    const held = queryClient.getQueryData<ChatCache>(clubKeys.chat(clubId));
    const before = held ? oldestId(held.items) : null;
    if (!before) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchClubMessages(clubId, { before, limit: PAGE });
      queryClient.setQueryData<ChatCache>(clubKeys.chat(clubId), (current) =>
        current ? { items: mergeMessages(current.items, page.items), hasEarlier: page.hasMore } : current,
      );
      setEarlierError(null);
    } catch (cause) {
      setEarlierError(isApiError(cause) ? cause.message : tRef.current('clubsUi.chat.loadFailed'));
    } finally {
      setLoadingEarlier(false);
    }
  }, [clubId, queryClient]);

  const send = useCallback(
    async (content: string): Promise<SendResult> => {
      const parsed = clubMessageContentSchema.safeParse(content);
      if (!parsed.success) {
        const messageKey = parsed.error.issues[0]?.message;
        return { ok: false, message: translateMessage(messageKey) ?? tRef.current('errors.VALIDATION') };
      }
      const ack = await emit('club:message', { clubId, content: parsed.data });
      if (ack.ok) {
        mergeInto(queryClient, clubId, [ack.data]);
        return { ok: true };
      }
      if (ack.code === 'RATE_LIMITED') {
        const seconds = Math.max(1, Math.ceil((ack.retryAfterMs ?? CLUB_LIMITS.messageWindowMs) / 1000));
        return { ok: false, message: tRef.current('clubsUi.chat.rateLimited', { seconds }) };
      }
      const t = tRef.current;
      const texts = { offline: t('clubsUi.chat.offline'), noAnswer: t('clubsUi.chat.noAnswer') };
      return { ok: false, message: ackError(ack, { ...texts, fallback: t('errors.INTERNAL') }) };
    },
    [clubId, emit, queryClient],
  );

  const { socket } = realtime;
  const retry = useCallback(() => {
    setJoin({ state: 'connecting', error: null });
    if (socket && !socket.connected) socket.connect();
    setAttempt((n) => n + 1);
  }, [socket]);

  const status: ChatStatus =
    join.state === 'failed' ? 'failed' : !connected ? (everLive ? 'reconnecting' : 'connecting') : join.state;
  const loadError = query.error
    ? isApiError(query.error)
      ? query.error.message
      : t('clubsUi.chat.loadFailed')
    : null;

  return {
    messages: query.data?.items ?? [],
    status,
    error: join.error ?? loadError ?? earlierError,
    loading: join.state !== 'failed' && query.data === undefined && !query.error,
    hasEarlier: query.data?.hasEarlier ?? false,
    loadingEarlier,
    loadEarlier,
    send,
    retry,
  };
}
