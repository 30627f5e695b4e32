import { clubMessageContentSchema, rooms } from '@nebab/shared';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { handleWithAck, parsePayload } from '../../realtime/socket-acks.js';
import { presentMessage } from './clubs.presenter.js';

const clubIdSchema = z.object({ clubId: z.uuid('validation.invalid') });
const messagePayloadSchema = z.object({
  clubId: z.uuid('validation.invalid'),
  content: clubMessageContentSchema,
  clientId: z.string().max(100).optional(),
});

/**
 * Club chat over the shared Socket.IO connection: `club:join` (the service checks membership; the
 * socket joins the room after it), `club:leave`, `club:message` (the service checks membership and
 * the rate limit and stores it; then it goes to the room on every node, except to readers blocked
 * either way with the sender; the ack carries the stored message). A member who leaves or is removed
 * leaves the room on every node and hears `club:removed`. Each node also sends its rooms the chat's
 * digest of recent messages (`club:recent`).
 */
export const clubsSocketPlugin = fp(
  async (app) => {
    const { io } = app.realtime;
    const clubs = app.services.clubs;

    io.on('connection', (socket) => {
      const actor = socket.data.actor;

      socket.on('club:join', (payload, ack) => {
        handleWithAck(socket, ack, app.log, async () => {
          const { clubId } = parsePayload(clubIdSchema, payload);
          await clubs.joinChat(actor, clubId);
          await socket.join(rooms.club(clubId));
          return { clubId };
        });
      });

      socket.on('club:leave', (payload, ack) => {
        handleWithAck(socket, ack, app.log, async () => {
          const { clubId } = parsePayload(clubIdSchema, payload);
          await socket.leave(rooms.club(clubId));
          return { clubId };
        });
      });

      socket.on('club:message', (payload, ack) => {
        handleWithAck(socket, ack, app.log, async () => {
          const { clubId, content } = parsePayload(messagePayloadSchema, payload);
          const { stored, hiddenFrom } = await clubs.sendMessage(actor, clubId, content);
          // Names of deleted accounts are not a concern here: the sender is signed in.
          const message = presentMessage(stored, 'en');
          io.to(rooms.club(clubId))
            .except(hiddenFrom.map((userId) => rooms.user(userId)))
            .emit('club:message', message);
          return message;
        });
      });
    });

    /**
     * The digest (`club:recent`, timing in `config.chatDigest`): every interval this node lists, to
     * the club rooms its own sockets are in, the messages written there a few seconds ago; a client
     * fetches any it lacks. It repairs a broadcast that never came: a node killed between storing a
     * message and publishing it, or Redis down. A room hears it only when its list changed.
     */
    function startDigest(): () => void {
      const timing = app.config.chatDigest;
      const lastSent = new Map<string, string>();
      let running = false;
      let failing = false;
      const send = async () => {
        const clubIds = [...io.sockets.adapter.rooms.keys()].flatMap((room) => rooms.clubOf(room) ?? []);
        const recent = await clubs.recentMessageIds(clubIds, timing);
        for (const clubId of lastSent.keys()) if (!recent.has(clubId)) lastSent.delete(clubId);
        for (const [clubId, ids] of recent) {
          const listed = ids.join();
          if (lastSent.get(clubId) === listed) continue;
          lastSent.set(clubId, listed);
          io.local.to(rooms.club(clubId)).emit('club:recent', { clubId, ids });
        }
      };
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        send()
          .then(() => {
            failing = false;
          })
          .catch((error: unknown) => {
            // Logged once per outage (the database restarting, say); the next interval tries again.
            if (!failing) app.log.warn({ err: error }, 'chat digest not sent');
            failing = true;
          })
          .finally(() => {
            running = false;
          });
      }, timing.intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    }

    /** Tells open member lists (the club's room and its moderators, wherever they are) to refetch. */
    const membersChanged = (clubId: string, moderatorIds: readonly string[] = []) => {
      io.to([rooms.club(clubId), ...moderatorIds.map((id) => rooms.user(id))]).emit('club:members', {
        clubId,
      });
    };
    const { events } = app.services;
    const removers = [
      startDigest(),
      events.on('club.memberLeft', ({ clubId, userId, moderatorIds }) => {
        const userSockets = io.in(rooms.user(userId));
        userSockets.socketsLeave(rooms.club(clubId));
        userSockets.emit('club:removed', { clubId });
        membersChanged(clubId, moderatorIds);
      }),
      events.on('club.memberJoined', ({ clubId, moderatorIds }) => membersChanged(clubId, moderatorIds)),
      events.on('club.joinRequested', ({ clubId, moderatorIds }) => membersChanged(clubId, moderatorIds)),
    ];
    app.addHook('preClose', async () => {
      for (const remove of removers) remove();
    });
  },
  { name: 'clubs-socket', dependencies: ['services', 'realtime'] },
);
