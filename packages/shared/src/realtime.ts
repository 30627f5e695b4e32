import type { ClubMessage } from './clubs.js';
import type { FeedEntry } from './feed.js';
import type { Import } from './imports.js';
import type { ErrorCode } from './errors.js';
import type { Language } from './i18n.js';
import type { NotificationPush } from './notifications.js';

/** The Socket.IO path, on the same origin as the API. */
export const SOCKET_PATH = '/socket.io';

/**
 * Clients connect over WebSocket straight away. Socket.IO's default starts with HTTP long-polling,
 * whose requests must all reach the node that opened the session: behind a load balancer without
 * sticky sessions most of them land on another node and fail ("Session ID unknown").
 */
export const SOCKET_TRANSPORTS: ['websocket'] = ['websocket'];

/** What the client sends in the Socket.IO handshake (`io(url, { auth })`). */
export interface SocketHandshakeAuth {
  token: string;
  /** Language of ack error messages (default: the handshake's Accept-Language, else English). */
  lang?: Language;
}

/**
 * Every acknowledgement callback answers with this shape. On failure `message` is translated for the
 * socket's language; `retryAfterMs` comes with `RATE_LIMITED`.
 */
export type SocketAck<T> =
  { ok: true; data: T } | { ok: false; code: ErrorCode; message?: string; retryAfterMs?: number };

export type SocketAckCallback<T> = (response: SocketAck<T>) => void;

/** `club:join` / `club:leave` payload. */
export interface ClubRoomPayload {
  clubId: string;
}

/** `club:recent` payload (server to client). */
export interface ClubRecentPayload {
  clubId: string;
  ids: string[];
}

/** `club:message` payload; `clientId` is the sender's own id for matching the ack (not stored). */
export interface ClubMessagePayload {
  clubId: string;
  content: string;
  clientId?: string;
}

/**
 * Events the client emits.
 * - `club:join`: enter a club's room; ok only for members (else NOT_FOUND / FORBIDDEN). After a
 *   reconnect, join again FIRST, then fetch `GET /api/clubs/:id/messages?after=<last id>` (repeat
 *   while `hasMore`) to catch up; merge by message id (a message may arrive both ways).
 * - `club:leave`: leave the room (ok also when not in it).
 * - `club:message`: send; stored first, then broadcast as `club:message` to the room (the sender
 *   too: de-duplicate by id). The ack carries the stored message, or VALIDATION / RATE_LIMITED /
 *   FORBIDDEN / NOT_FOUND. The sender must be a member (joining the room first is not required).
 */
export interface ClientToServerEvents {
  'club:join': (payload: ClubRoomPayload, ack: SocketAckCallback<ClubRoomPayload>) => void;
  'club:leave': (payload: ClubRoomPayload, ack?: SocketAckCallback<ClubRoomPayload>) => void;
  'club:message': (payload: ClubMessagePayload, ack: SocketAckCallback<ClubMessage>) => void;
}

/** Events the server emits. */
export type ServerToClientEvents = {
  /** A notification was stored for the user (sent to `rooms.user(id)`), with their unread count. */
  'notification:new': (payload: NotificationPush) => void;
  /** The user read, unread or deleted notifications (on any device): their new unread count. */
  'notification:changed': (payload: { unreadCount: number }) => void;
  /** A stored message of a club whose room the socket is in. */
  'club:message': (message: ClubMessage) => void;
  /**
   * The chat's digest, every few seconds to a club's room while messages are being written there:
   * the ids of its messages written a few seconds ago (in the last quarter of a minute), oldest
   * first. A client holding the chat fetches what it lacks (the latest page, then earlier ones while
   * needed) and asks about each id once: a message whose live broadcast never came (its node died
   * between storing and sending it) arrives this way. Ids of messages from readers blocked either
   * way with the client are listed too; fetched pages leave them out.
   */
  'club:recent': (payload: ClubRecentPayload) => void;
  /** The user left or was removed from the club; the socket has left its room. */
  'club:removed': (payload: ClubRoomPayload) => void;
  /** Someone the user follows did something the user may see (sent to `rooms.user(id)`). */
  'feed:new': (payload: { entry: FeedEntry }) => void;
  /** Feed entries withdrawn (a review made private, a club left): drop them if shown. */
  'feed:removed': (payload: { ids: string[] }) => void;
  /**
   * The club's members or pending requests changed (someone joined, asked to join, left or was
   * removed): sent to the club's room and to its moderators' user rooms, so an open member list
   * refetches at once.
   */
  'club:members': (payload: ClubRoomPayload) => void;
  /**
   * An import of the user's library moved (after each batch of rows, and when it ends): the same
   * shape as `GET /api/imports/:id`, in the socket's language. Sent to `rooms.user(id)` on every node.
   */
  'import:progress': (payload: Import) => void;
};

/** Socket.IO room names, built only through `rooms` so both sides spell them the same way. */
export type RoomName = `user:${string}` | `club:${string}`;

export const rooms = {
  /** Every socket of one user (notifications, forced sign-out). */
  user: (userId: string): RoomName => `user:${userId}`,
  /** Members of one book club (chat). */
  club: (clubId: string): RoomName => `club:${clubId}`,
  /** The club of a room name built by `club`, else undefined. */
  clubOf: (room: string): string | undefined => (room.startsWith('club:') ? room.slice(5) : undefined),
} as const;
