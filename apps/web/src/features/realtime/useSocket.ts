import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
  type SocketAck,
  type SocketHandshakeAuth,
} from '@nebab/shared';
import { currentLanguage } from '../../i18n';
import { useAuth } from '../auth/authContext';
import { readToken } from '../../api/tokenStorage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The one Socket.IO connection of the tab, shared by every feature that listens or sends (chat,
 * notifications, the activity feed, and anything live that comes later). It opens with the first
 * holder, closes with the last one, and is replaced when a different reader signs in. The handshake
 * sends the stored token (read on every reconnection) and the interface language.
 */
let shared: { userId: string; socket: AppSocket; holders: number } | null = null;

/** What `useRealtime` renders from: the current socket and whether it is connected (a store). */
let snapshot: { socket: AppSocket | null; connected: boolean } = { socket: null, connected: false };
const watchers = new Set<() => void>();

function publish(): void {
  const socket = shared?.socket ?? null;
  const connected = socket?.connected ?? false;
  if (snapshot.socket === socket && snapshot.connected === connected) return;
  snapshot = { socket, connected };
  for (const watcher of watchers) watcher();
}

function watch(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function acquire(userId: string): AppSocket {
  if (shared && shared.userId !== userId) {
    shared.socket.disconnect();
    shared = null;
  }
  if (!shared) {
    const socket: AppSocket = io({
      path: SOCKET_PATH,
      transports: SOCKET_TRANSPORTS,
      auth: (callback) => {
        const auth: SocketHandshakeAuth = { token: readToken() ?? '', lang: currentLanguage() };
        callback({ ...auth });
      },
    });
    socket.on('connect', publish);
    socket.on('disconnect', publish);
    shared = { userId, socket, holders: 0 };
  }
  shared.holders += 1;
  publish();
  return shared.socket;
}

function release(socket: AppSocket): void {
  if (!shared || shared.socket !== socket) {
    socket.disconnect();
    return;
  }
  shared.holders -= 1;
  if (shared.holders <= 0) {
    shared.socket.disconnect();
    shared = null;
  }
  publish();
}

/** The signed-in reader's id, or null (visitors hold no socket). */
function useSocketUser(): string | null {
  const { status, user } = useAuth();
  return status === 'signedIn' ? (user?.id ?? null) : null;
}

/** Handlers of server events, plus `connect` (first connection and every reconnection). */
export type SocketHandlers = Partial<ServerToClientEvents> & {
  connect?: () => void;
  disconnect?: () => void;
};

/**
 * Listens to server events on the tab's socket while the component is mounted and a reader is
 * signed in. The handlers may change on every render; the latest ones are called.
 */
export function useSocketEvents(handlers: SocketHandlers): void {
  const userId = useSocketUser();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(',');

  useEffect(() => {
    if (!userId) return;
    const socket = acquire(userId);
    const events = names.split(',').filter(Boolean) as (keyof SocketHandlers)[];
    const bound = events.map((name) => {
      const listener = (...args: unknown[]) => {
        const handler = handlersRef.current[name] as ((...values: unknown[]) => void) | undefined;
        handler?.(...args);
      };
      (socket as unknown as Socket).on(name, listener);
      return { name, listener };
    });
    return () => {
      for (const { name, listener } of bound) (socket as unknown as Socket).off(name, listener);
      release(socket);
    };
  }, [userId, names]);
}

/** Client events that take an acknowledgement, and the data a successful one carries. */
type AckEvent = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]>[1] extends
    ((response: SocketAck<infer _T>) => void) | undefined
    ? E
    : never;
}[keyof ClientToServerEvents];
type AckData<E extends AckEvent> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (response: SocketAck<infer T>) => void
    ? T
    : never;

/** An acknowledgement, or why none came: not connected (`OFFLINE`) or no answer in time (`TIMEOUT`). */
export type AckResult<T> =
  SocketAck<T> | { ok: false; code: 'OFFLINE' | 'TIMEOUT'; message?: undefined; retryAfterMs?: undefined };

/** Whether an ack failure's code is one of the server's error codes (not OFFLINE / TIMEOUT). */
export function isServerCode(code: ErrorCode | 'OFFLINE' | 'TIMEOUT'): code is ErrorCode {
  return code !== 'OFFLINE' && code !== 'TIMEOUT';
}

export const ACK_TIMEOUT_MS = 10_000;

/** Sends `event` and resolves with its typed acknowledgement (never rejects). */
export function emitWithAck<E extends AckEvent>(
  socket: AppSocket | null,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<AckResult<AckData<E>>> {
  if (!socket?.connected) return Promise.resolve({ ok: false, code: 'OFFLINE' });
  // Generic over the event, so the call goes through the untyped socket; the types above hold the contract.
  const untyped = socket.timeout(timeoutMs) as unknown as Socket;
  return new Promise((resolve) => {
    untyped.emit(event, payload, (error: Error | null, response: SocketAck<AckData<E>>) => {
      resolve(error ? { ok: false, code: 'TIMEOUT' } : response);
    });
  });
}

export interface Realtime {
  /** The tab's socket (null for visitors, until it opens). */
  socket: AppSocket | null;
  /** Connected right now. */
  connected: boolean;
  /** Sends an event that takes an acknowledgement; resolves with it (OFFLINE when not connected). */
  emit: <E extends AckEvent>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
    timeoutMs?: number,
  ) => Promise<AckResult<AckData<E>>>;
}

/**
 * The tab's socket for a component that sends (chat): holds the shared connection while mounted,
 * tracks whether it is connected, and sends typed events with acknowledgements. Listen with
 * `useSocketEvents`.
 */
export function useRealtime(): Realtime {
  const userId = useSocketUser();
  const state = useSyncExternalStore(watch, () => snapshot);
  const socket = userId ? state.socket : null;
  const connected = userId ? state.connected : false;

  useEffect(() => {
    if (!userId) return;
    const held = acquire(userId);
    return () => release(held);
  }, [userId]);

  const emit = useCallback(
    <E extends AckEvent>(event: E, payload: Parameters<ClientToServerEvents[E]>[0], timeoutMs?: number) =>
      emitWithAck(socket, event, payload, timeoutMs),
    [socket],
  );

  return { socket, connected, emit };
}
