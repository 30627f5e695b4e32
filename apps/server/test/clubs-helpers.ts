/**
 * Helpers of the club tests: catalogue books inserted directly, clubs made over the API, and
 * Socket.IO clients with typed, promise-returning emits.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Club,
  ClubMessage,
  ClubRoomPayload,
  ClientToServerEvents,
  ErrorBody,
  ServerToClientEvents,
  SocketAck,
} from '@nebab/shared';
import { io as connect, type Socket } from 'socket.io-client';
import type { Db } from '../src/db/client.js';
import { books } from '../src/db/schema/index.js';
import type { TestFetch } from './helpers.js';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Inserts an active catalogue book and answers its id. */
export async function insertBook(db: Db, title: string, author = 'Haddis Alemayehu'): Promise<string> {
  const id = `local-${randomBytes(6).toString('hex')}`;
  await db.insert(books).values({ id, source: 'local', title, authors: [author], primaryAuthor: author });
  return id;
}

/** Creates a club over the API (201 expected) and answers it. */
export async function createClub(
  request: TestFetch,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<Club> {
  const name = `Club ${randomBytes(3).toString('hex')}`;
  const result = await request<Club & ErrorBody>('/api/clubs', {
    token,
    body: { name, description: 'We read together.', visibility: 'public', ...fields },
  });
  if (result.status !== 201) throw new Error(`club create failed: ${result.status} ${result.text}`);
  return result.body;
}

/** Opens a socket with the token; resolves once connected, or with the connect error. */
export function openSocket(
  url: string,
  token: string,
  options: { lang?: 'en' | 'am' } = {},
): Promise<{ socket: ChatSocket; error?: Error }> {
  const socket: ChatSocket = connect(url, {
    path: '/socket.io',
    auth: { token, ...(options.lang ? { lang: options.lang } : {}) },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

/** Like `openSocket`, failing when the handshake is refused. */
export async function connectedSocket(url: string, token: string, options: { lang?: 'en' | 'am' } = {}) {
  const { socket, error } = await openSocket(url, token, options);
  if (error) {
    socket.disconnect();
    throw error;
  }
  return socket;
}

export function joinRoom(socket: ChatSocket, clubId: string): Promise<SocketAck<ClubRoomPayload>> {
  return socket.timeout(5000).emitWithAck('club:join', { clubId });
}

export function sendMessage(
  socket: ChatSocket,
  clubId: string,
  content: string,
  clientId?: string,
): Promise<SocketAck<ClubMessage>> {
  return socket.timeout(5000).emitWithAck('club:message', { clubId, content, clientId });
}

/**
 * Resolves once the server has acknowledged an event from this socket (leaving a room it is not
 * in). One connection keeps its order, so whatever the server sent this socket before it handled
 * the event has arrived by then: a test that something did NOT arrive awaits this after the step
 * that would have sent it, instead of sleeping a while.
 */
export async function roundTrip(socket: ChatSocket): Promise<void> {
  const ack = await socket.timeout(5000).emitWithAck('club:leave', { clubId: randomUUID() });
  if (!ack.ok) throw new Error(`round trip failed: ${ack.code}`);
}

/** Collects every `club:message` the socket receives. */
export function collectMessages(socket: ChatSocket): ClubMessage[] {
  const seen: ClubMessage[] = [];
  socket.on('club:message', (message) => seen.push(message));
  return seen;
}

/** Resolves when `check` holds (polled), failing after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with the first `event` the socket receives. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ChatSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never;
    socket.once(event, listener);
  });
}
