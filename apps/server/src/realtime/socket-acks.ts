import {
  languageFromHeader,
  LANGUAGES,
  translate,
  type ErrorCode,
  type Language,
  type SocketAck,
} from '@nebab/shared';
import type { z } from 'zod';
import { AppError, RateLimitedError, ValidationError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { RealtimeSocket } from './socket-server.js';

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

/** A failed acknowledgement with its message in the socket's language. */
export function ackFailure(code: ErrorCode, language: Language, messageKey = `errors.${code}`): Failure {
  return { ok: false, code, message: translate(messageKey, language) };
}

/** An error thrown by a service, as an acknowledgement (429 carries `retryAfterMs`). */
function failureOf(error: AppError, language: Language): Failure {
  const fieldKey = error instanceof ValidationError ? Object.values(error.fields ?? {})[0] : undefined;
  const failure = ackFailure(error.code, language, fieldKey ?? error.messageKey);
  if (error instanceof RateLimitedError) return { ...failure, retryAfterMs: error.retryAfterSeconds * 1000 };
  return failure;
}

/** The payload parsed by `schema`, or a ValidationError naming the first issue's message key. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.message.includes('.') ? issue.message : 'validation.invalid';
  throw new ValidationError({ [String(issue?.path[0] ?? 'payload')]: key });
}

/**
 * Runs a socket event's handler like a route: the handler calls the same service a route would (the
 * service checks who may do what), its result goes back as `{ ok: true, data }`, and an `AppError` as
 * `{ ok: false, code, message }` in the socket's language; anything else is logged and answers
 * INTERNAL. A client that sent no callback gets nothing back.
 */
export function handleWithAck<T>(
  socket: RealtimeSocket,
  ack: unknown,
  logger: Pick<Logger, 'error'>,
  handler: () => Promise<T>,
): void {
  const language = socketLanguage(socket);
  const reply = typeof ack === 'function' ? (ack as (response: SocketAck<T>) => void) : () => undefined;
  const handling = handler().then(
    (data) => reply({ ok: true, data }),
    (error: unknown) => {
      if (error instanceof AppError) return reply(failureOf(error, language));
      logger.error({ err: error }, 'socket handler failed');
      reply(ackFailure('INTERNAL', language));
    },
  );
  const server = socket.nsp.server;
  let pending = inFlight.get(server);
  if (!pending) {
    pending = new Set();
    inFlight.set(server, pending);
  }
  pending.add(handling);
  void handling.finally(() => pending.delete(handling));
}

/** Event handlers still running, per Socket.IO server (for a graceful shutdown). */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

/**
 * Resolves when every event handler of `io` has answered, or after `timeoutMs`: on shutdown a chat
 * message already stored is still broadcast to the other nodes before Redis is closed.
 */
export async function settledHandlers(io: object, timeoutMs: number): Promise<void> {
  const pending = inFlight.get(io);
  if (!pending || pending.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.allSettled([...pending]).then(() => undefined), timeout]);
  clearTimeout(timer);
}
