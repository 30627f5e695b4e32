import type { ErrorCode } from './errors.js';

/** The Socket.IO path, on the same origin as the API. */
export const SOCKET_PATH = '/socket.io';

/** What the client sends in the Socket.IO handshake (`io(url, { auth })`). */
export interface SocketHandshakeAuth {
  token: string;
}

/** Every acknowledgement callback answers with this shape. */
export type SocketAck<T> = { ok: true; data: T } | { ok: false; code: ErrorCode };

/**
 * Events the client emits. Empty until club chat lands (`club:join`, `club:message`);
 * kept here so both sides share one typed map.
 */
export type ClientToServerEvents = Record<never, never>;

/** Events the server emits. */
export type ServerToClientEvents = Record<never, never>;

/** Socket.IO room names, built only through `rooms` so both sides spell them the same way. */
export type RoomName = `user:${string}` | `club:${string}`;

export const rooms = {
  /** Every socket of one user (notifications, forced sign-out). */
  user: (userId: string): RoomName => `user:${userId}`,
  /** Members of one book club (chat). */
  club: (clubId: string): RoomName => `club:${clubId}`,
} as const;
