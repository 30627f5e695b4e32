import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_TRANSPORTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketHandshakeAuth,
} from '@nebab/shared';
import { currentLanguage } from '../../i18n';
import { useAuth } from '../auth/authContext';
import { readToken } from '../auth/tokenStorage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection per signed-in session, shared by every component that listens (the
 * bell, lists, …). It opens with the first listener, closes with the last one, and is replaced
 * when a different reader signs in. The handshake sends the stored token (read on every
 * reconnection) and the interface language.
 */
let shared: { userId: string; socket: AppSocket; holders: number } | null = null;

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
    shared = { userId, socket, holders: 0 };
  }
  shared.holders += 1;
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
}

/** Handlers of server events, plus `connect` (first connection and every reconnection). */
export type SocketHandlers = Partial<ServerToClientEvents> & { connect?: () => void };

/**
 * Listens to server events on the session's shared socket while the component is mounted and a
 * reader is signed in. The handlers may change on every render; the latest ones are called.
 */
export function useSocketEvents(handlers: SocketHandlers): void {
  const { status, user } = useAuth();
  const userId = status === 'signedIn' ? (user?.id ?? null) : null;
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
