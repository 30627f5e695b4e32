import type { ClientToServerEvents, RoomName, ServerToClientEvents } from '@nebab/shared';
import { rooms, SOCKET_PATH } from '@nebab/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Server, type BroadcastOperator, type Socket } from 'socket.io';
import type { DomainEvents } from '../lib/domain-events.js';
import { AppError } from '../lib/errors.js';
import { withSafePublish, type RedisLinks } from '../lib/redis.js';
import { settledHandlers } from './socket-acks.js';
import type { Actor } from '../lib/actor.js';

/** Events between server nodes (none yet). */
export type InterServerEvents = Record<never, never>;

/** What the server keeps on each socket after the handshake. */
export interface SocketData {
  actor: Actor;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * Drops the sockets of ended sessions on every node: all of the user's, all but `exceptSessionId`,
 * or only `sessionId`'s. `disconnectSockets` and remote sockets travel through the adapter.
 */
export async function dropEndedSessions(
  io: RealtimeServer,
  event: { userId: string; exceptSessionId?: string; sessionId?: string },
): Promise<void> {
  const room = rooms.user(event.userId);
  if (!event.exceptSessionId && !event.sessionId) {
    io.in(room).disconnectSockets(true);
    return;
  }
  const sockets = await io.in(room).fetchSockets();
  for (const socket of sockets) {
    const sessionId = socket.data.actor.sessionId;
    const ended = event.sessionId ? sessionId === event.sessionId : sessionId !== event.exceptSessionId;
    if (ended) socket.disconnect(true);
  }
}

/** Listens to the domain events the sockets care about; returns a function removing the listeners. */
function listen(io: RealtimeServer, events: DomainEvents, logError: (error: unknown) => void): () => void {
  return events.on('user.sessionsEnded', (event) => dropEndedSessions(io, event).catch(logError));
}

export interface Realtime {
  io: RealtimeServer;
  /** `redis` when REDIS_URL fans events out to every node. */
  kind: 'local' | 'redis';
  /** Emit to a room on every node: `realtime.to(rooms.club(id)).emit(...)`. */
  to(room: RoomName): BroadcastOperator<ServerToClientEvents, SocketData>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Socket.IO on the API's own HTTP server (path /socket.io): the one connection each browser tab
 * keeps. The handshake must carry `auth: { token }` naming a live session; the socket then joins its
 * user room; ended sessions drop their sockets on every node. This plugin knows no feature: each
 * module registers its own events and pushes in a plugin that depends on `realtime` (club chat in
 * `modules/clubs/clubs.socket.ts`, notifications and the feed in their `*.push.ts`), answering through
 * `handleWithAck` (`socket-acks.ts`) and calling the same services as the routes.
 * With REDIS_URL, the Redis adapter carries broadcasts between nodes (its clients come from the app's
 * `RedisLinks`, closed with the app); while Redis is down each node serves its own rooms and catches
 * up when it returns.
 */
export const realtimePlugin = fp<{ redis?: RedisLinks; channel?: string }>(
  async (app, { redis, channel }) => {
    const io: RealtimeServer = new Server(app.server, { path: SOCKET_PATH, serveClient: false });

    if (redis) {
      // While Redis is down a broadcast reaches this node's sockets only (the adapter delivers
      // locally, then publishes); the failed publish is counted in the log, never left unhandled.
      let lostPublishes = 0;
      const pub = withSafePublish(await redis.open('socket-publisher'), (error) => {
        lostPublishes += 1;
        if (lostPublishes === 1 || lostPublishes % 1000 === 0)
          app.log.warn(
            { err: error, lostPublishes },
            'realtime: a broadcast stayed on this node (redis down)',
          );
      });
      const sub = await redis.open('socket-subscriber');
      sub.on('ready', () => {
        lostPublishes = 0;
      });
      // redis@6 clients default to RESP3 generics the adapter's types do not name; the runtime API is the same.
      type AdapterClient = Parameters<typeof createAdapter>[0];
      io.adapter(
        createAdapter(pub as unknown as AdapterClient, sub as unknown as AdapterClient, {
          key: channel ?? 'socket.io',
        }),
      );
    }

    io.use((socket, next) => {
      const auth: unknown = socket.handshake.auth;
      const token =
        auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string'
          ? auth.token
          : undefined;
      app.services.auth.authenticate(token).then(
        (actor) => {
          socket.data.actor = actor;
          next();
        },
        (error: unknown) => {
          const code = error instanceof AppError ? error.code : 'INTERNAL';
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'socket handshake failed');
          next(Object.assign(new Error(code), { data: { code } }));
        },
      );
    });

    io.on('connection', (socket) => {
      void socket.join(rooms.user(socket.data.actor.userId));
    });

    const logError = (error: unknown) => app.log.error({ err: error }, 'realtime listener failed');
    const unlisten = listen(io, app.services.events, logError);

    const realtime: Realtime = { io, kind: redis ? 'redis' : 'local', to: (room) => io.to(room) };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      unlisten();
      // Close the connections without a Socket.IO disconnect: the clients see the transport go and
      // reconnect (through the balancer, to another node), where `disconnectSockets` would tell them
      // they were sent away for good (`io server disconnect`: no automatic reconnection).
      io.engine.close();
      // Messages being stored as the connections closed still go out to the other nodes (Redis is
      // closed later, in onClose); their senders get no answer and say "not sent, try again".
      await settledHandlers(io, 5000);
    });
    app.addHook('onClose', async () => {
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['services'] },
);
