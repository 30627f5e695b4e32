import {
  CLUB_LIMITS,
  clubMessageContentSchema,
  languageFromHeader,
  LANGUAGES,
  translate,
  type ErrorCode,
  type Language,
  type SocketAck,
} from '@nebab/shared';
import { z } from 'zod';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { createMemoryChatLimiter, type ChatRateLimiter } from '../../realtime/chat-rate-limiter.js';
import type { RealtimeServer, RealtimeSocket } from '../../realtime/socket-server.js';
import { rooms } from '../../realtime/rooms.js';
import { presentMessage } from './clubs.presenter.js';
import type { ClubsService } from './clubs.service.js';

const clubIdSchema = z.object({ clubId: z.uuid() });
const messagePayloadSchema = z.object({
  clubId: z.uuid(),
  content: z.string(),
  clientId: z.string().max(100).optional(),
});

type Failure = Extract<SocketAck<never>, { ok: false }>;

/** The socket's language: `auth.lang`, else the handshake's Accept-Language. */
export function socketLanguage(socket: RealtimeSocket): Language {
  const auth: unknown = socket.handshake.auth;
  if (auth && typeof auth === 'object' && 'lang' in auth) {
    const lang = (auth as { lang: unknown }).lang;
    if (typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
  }
  return languageFromHeader(socket.handshake.headers['accept-language']);
}

function failure(code: ErrorCode, language: Language, messageKey = `errors.${code}`): Failure {
  return { ok: false, code, message: translate(messageKey, language) };
}

export interface ClubSocketDeps {
  io: RealtimeServer;
  clubs: ClubsService;
  events: DomainEvents;
  logger: Pick<Logger, 'error'>;
  /** Chat messages per user per window (default: CLUB_LIMITS, counted in this process). */
  limiter?: ChatRateLimiter;
}

/** What `registerClubSockets` hands back to the realtime plugin. */
export interface ClubSockets {
  /** Removes the domain event listener. */
  stop(): void;
  /**
   * Resolves when every event being handled has answered (at most `timeoutMs`): on shutdown, a
   * message already stored is still broadcast to the other nodes before Redis is closed.
   */
  settled(timeoutMs: number): Promise<void>;
}

/**
 * Club chat over Socket.IO: `club:join` (members only; the socket joins the room after the check),
 * `club:leave`, `club:message` (stored first, then broadcast to the room on every node; the ack
 * carries the stored message). A member who leaves or is removed leaves the room on every node.
 */
export function registerClubSockets({ io, clubs, events, logger, limiter }: ClubSocketDeps): ClubSockets {
  const messageLimiter =
    limiter ??
    createMemoryChatLimiter({ limit: CLUB_LIMITS.messagesPerWindow, windowMs: CLUB_LIMITS.messageWindowMs });
  const inFlight = new Set<Promise<void>>();

  /** Runs a handler, turning thrown errors into a failed ack (unexpected ones are logged). */
  function guarded<T>(
    socket: RealtimeSocket,
    ack: ((response: SocketAck<T>) => void) | undefined,
    handler: (language: Language) => Promise<SocketAck<T>>,
  ): void {
    const language = socketLanguage(socket);
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const handling = handler(language).then(reply, (error: unknown) => {
      if (error instanceof AppError) return reply(failure(error.code, language, error.messageKey));
      logger.error({ err: error }, 'club socket handler failed');
      reply(failure('INTERNAL', language));
    });
    inFlight.add(handling);
    void handling.finally(() => inFlight.delete(handling));
  }

  io.on('connection', (socket) => {
    const userId = socket.data.actor.userId;

    socket.on('club:join', (payload, ack) => {
      guarded(socket, ack, async (language) => {
        const parsed = clubIdSchema.safeParse(payload);
        if (!parsed.success) return failure('VALIDATION', language);
        const { clubId } = parsed.data;
        const access = await clubs.isChatMember(userId, clubId);
        if (access === 'hidden') return failure('NOT_FOUND', language);
        if (access === 'outsider') return failure('FORBIDDEN', language, 'clubs.membersOnly');
        await socket.join(rooms.club(clubId));
        return { ok: true, data: { clubId } };
      });
    });

    socket.on('club:leave', (payload, ack) => {
      guarded(socket, ack, async (language) => {
        const parsed = clubIdSchema.safeParse(payload);
        if (!parsed.success) return failure('VALIDATION', language);
        await socket.leave(rooms.club(parsed.data.clubId));
        return { ok: true, data: { clubId: parsed.data.clubId } };
      });
    });

    socket.on('club:message', (payload, ack) => {
      guarded(socket, ack, async (language) => {
        const parsed = messagePayloadSchema.safeParse(payload);
        if (!parsed.success) return failure('VALIDATION', language);
        const content = clubMessageContentSchema.safeParse(parsed.data.content);
        if (!content.success) {
          const key = content.error.issues[0]?.message ?? 'errors.VALIDATION';
          return failure('VALIDATION', language, key);
        }
        const { clubId } = parsed.data;
        const room = rooms.club(clubId);
        // A socket in the room passed the membership check; leaving or removal takes it out.
        if (!socket.rooms.has(room)) {
          const access = await clubs.isChatMember(userId, clubId);
          if (access === 'hidden') return failure('NOT_FOUND', language);
          if (access === 'outsider') return failure('FORBIDDEN', language, 'clubs.membersOnly');
        }
        const verdict = await messageLimiter.hit(`chat:${userId}`);
        if (!verdict.allowed) {
          return {
            ...failure('RATE_LIMITED', language, 'clubs.messageRateLimited'),
            retryAfterMs: verdict.retryAfterSeconds * 1000,
          };
        }
        const stored = await clubs.storeMessage(userId, clubId, content.data);
        // Names of deleted accounts are not a concern here: the sender is signed in.
        const message = presentMessage(stored, 'en');
        io.to(room).emit('club:message', message);
        return { ok: true, data: message };
      });
    });
  });

  const stop = events.on('club.memberLeft', ({ clubId, userId }) => {
    const room = rooms.club(clubId);
    const userSockets = io.in(rooms.user(userId));
    userSockets.socketsLeave(room);
    userSockets.emit('club:removed', { clubId });
  });
  return {
    stop,
    async settled(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...inFlight]).then(() => undefined), timeout]);
      clearTimeout(timer);
    },
  };
}
