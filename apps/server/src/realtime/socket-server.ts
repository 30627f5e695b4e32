import type { ClientToServerEvents, RoomName, ServerToClientEvents } from '@nebab/shared';
import { SOCKET_PATH } from '@nebab/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server, type BroadcastOperator } from 'socket.io';
import { AppError } from '../lib/errors.js';
import type { Actor } from '../modules/users/users.policy.js';
import { rooms } from './rooms.js';

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
 * Socket.IO on the API's own HTTP server (path /socket.io). The handshake must carry
 * `auth: { token }` naming a live session; the socket then joins its user room.
 */
export const realtimePlugin = fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const io: RealtimeServer = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
    const redisClients: Array<{ close(): Promise<void> }> = [];

    if (redisUrl) {
      const pub = createClient({ url: redisUrl });
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (error: unknown) => app.log.error({ err: error }, 'redis client error'));
        redisClients.push(client);
      }
      await Promise.all([pub.connect(), sub.connect()]);
      // redis@6 clients default to RESP3 generics the adapter's types do not name; the runtime API is the same.
      type AdapterClient = Parameters<typeof createAdapter>[0];
      io.adapter(createAdapter(pub as unknown as AdapterClient, sub as unknown as AdapterClient));
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

    const realtime: Realtime = { io, kind: redisUrl ? 'redis' : 'local', to: (room) => io.to(room) };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.close().catch(() => undefined)));
    });
  },
  { name: 'realtime', dependencies: ['services'] },
);
