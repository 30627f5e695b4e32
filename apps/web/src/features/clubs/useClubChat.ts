import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import {
  CLUB_LIMITS,
  SOCKET_PATH,
  SOCKET_TRANSPORTS,
  clubMessageContentSchema,
  type ClientToServerEvents,
  type ClubMessage,
  type ServerToClientEvents,
  type SocketHandshakeAuth,
} from '@nebab/shared';
import { fetchClubMessages } from '../../api/clubs/queries';
import { isApiError } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import { readToken } from '../auth/tokenStorage';
import { mergeMessages, newestId, oldestId } from './mergeMessages';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** `connecting` until the room is joined; `reconnecting` while Socket.IO retries; `failed` when refused. */
export type ChatStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

export type SendResult = { ok: true } | { ok: false; message: string };

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
  /** Reconnects after a refusal or a failure. */
  retry: () => void;
}

const PAGE = CLUB_LIMITS.messagesPageDefault;
const ACK_TIMEOUT_MS = 10_000;

function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/**
 * Live chat of one club (spec §4 Socket). Opens a Socket.IO connection on the same origin
 * (`SOCKET_PATH`, handshake `auth: { token }`), emits `club:join` after the first connection and after
 * every reconnection, and each time fetches the messages `after` the newest one held, so nothing sent
 * while the connection was down is missed. Live `club:message` events, fetched pages and the sender's
 * own acknowledged messages all go through `mergeMessages` (de-duplicated by id, newest last).
 * Mount it with `key={clubId}` so a different club starts from a clean state.
 */
export function useClubChat(clubId: string): ClubChat {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<ClubMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const heldRef = useRef<ClubMessage[]>([]);
  const socketRef = useRef<ChatSocket | null>(null);
  const tRef = useRef(t);

  useEffect(() => {
    tRef.current = t;
  }, [t]);

  const apply = useCallback((incoming: readonly ClubMessage[]) => {
    const next = mergeMessages(heldRef.current, incoming);
    if (next === heldRef.current) return;
    heldRef.current = next;
    setMessages(next);
  }, []);

  useEffect(() => {
    let closed = false;
    const controller = new AbortController();
    // Fills run one after another, so a catch-up always starts from the newest message already held.
    let fills: Promise<void> = Promise.resolve();

    const catchUp = async () => {
      if (heldRef.current.length === 0) {
        const page = await fetchClubMessages(clubId, { limit: PAGE }, controller.signal);
        if (closed) return;
        apply(page.items);
        setHasEarlier(page.hasMore);
        return;
      }
      for (;;) {
        const after = newestId(heldRef.current);
        if (!after) return;
        const page = await fetchClubMessages(
          clubId,
          { after, limit: CLUB_LIMITS.messagesPageMax },
          controller.signal,
        );
        if (closed) return;
        apply(page.items);
        if (!page.hasMore || page.items.length === 0) return;
      }
    };

    const queueCatchUp = () => {
      fills = fills
        .then(catchUp)
        .then(() => {
          if (!closed) setError(null);
        })
        .catch((cause: unknown) => {
          if (closed) return;
          setError(errorText(cause, tRef.current('clubsUi.chat.loadFailed')));
        })
        .finally(() => {
          if (!closed) setLoading(false);
        });
    };

    const socket: ChatSocket = io({
      path: SOCKET_PATH,
      transports: SOCKET_TRANSPORTS,
      // A function, so every reconnection sends the token (and language) current at that moment.
      auth: (callback) => {
        const auth: SocketHandshakeAuth = { token: readToken() ?? '', lang: currentLanguage() };
        callback({ ...auth });
      },
    });
    socketRef.current = socket;

    // `connect` fires on the first connection and again after every reconnection: join the room each
    // time (a new connection is in no room), then fetch what was missed.
    socket.on('connect', () => {
      socket.emit('club:join', { clubId }, (ack) => {
        if (closed) return;
        if (ack.ok) {
          setStatus('live');
          queueCatchUp();
        } else {
          setStatus('failed');
          setLoading(false);
          setError(
            ack.message ?? translateMessage(`errors.${ack.code}`) ?? tRef.current('clubsUi.chat.joinFailed'),
          );
        }
      });
    });
    socket.on('disconnect', () => {
      if (closed) return;
      setStatus(socket.active ? 'reconnecting' : 'failed');
    });
    socket.on('connect_error', (cause) => {
      if (closed) return;
      // `active` is false when the server refused the handshake (bad token): Socket.IO stops retrying.
      if (socket.active) setStatus('reconnecting');
      else {
        setStatus('failed');
        setLoading(false);
        setError(cause.message || tRef.current('clubsUi.chat.connectFailed'));
      }
    });
    socket.on('club:message', (message) => {
      if (message.clubId === clubId) apply([message]);
    });
    socket.on('club:removed', (payload) => {
      if (payload.clubId !== clubId || closed) return;
      setStatus('failed');
      setError(tRef.current('clubsUi.chat.removed'));
      socket.disconnect();
    });

    return () => {
      closed = true;
      controller.abort();
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [clubId, apply]);

  const loadEarlier = useCallback(async () => {
    const before = oldestId(heldRef.current);
    if (!before) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchClubMessages(clubId, { before, limit: PAGE });
      apply(page.items);
      setHasEarlier(page.hasMore);
    } catch (cause) {
      setError(errorText(cause, tRef.current('clubsUi.chat.loadFailed')));
    } finally {
      setLoadingEarlier(false);
    }
  }, [clubId, apply]);

  const send = useCallback(
    (content: string): Promise<SendResult> => {
      const parsed = clubMessageContentSchema.safeParse(content);
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message;
        return Promise.resolve({
          ok: false,
          message: translateMessage(key) ?? tRef.current('errors.VALIDATION'),
        });
      }
      const socket = socketRef.current;
      if (!socket?.connected)
        return Promise.resolve({ ok: false, message: tRef.current('clubsUi.chat.offline') });
      return new Promise((resolve) => {
        socket
          .timeout(ACK_TIMEOUT_MS)
          .emit('club:message', { clubId, content: parsed.data }, (timeout, ack) => {
            if (timeout) resolve({ ok: false, message: tRef.current('clubsUi.chat.noAnswer') });
            else if (ack.ok) {
              apply([ack.data]);
              resolve({ ok: true });
            } else {
              resolve({
                ok: false,
                message:
                  ack.code === 'RATE_LIMITED'
                    ? tRef.current('clubsUi.chat.rateLimited', {
                        seconds: Math.max(
                          1,
                          Math.ceil((ack.retryAfterMs ?? CLUB_LIMITS.messageWindowMs) / 1000),
                        ),
                      })
                    : (ack.message ??
                      translateMessage(`errors.${ack.code}`) ??
                      tRef.current('errors.INTERNAL')),
              });
            }
          });
      });
    },
    [clubId, apply],
  );

  const retry = useCallback(() => {
    const socket = socketRef.current;
    if (!socket) return;
    setError(null);
    setStatus('connecting');
    if (socket.connected) socket.disconnect();
    socket.connect();
  }, []);

  return { messages, status, error, loading, hasEarlier, loadingEarlier, loadEarlier, send, retry };
}
