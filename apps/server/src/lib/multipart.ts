import type { FastifyRequest } from 'fastify';
import { StorageSourceEndedError } from './storage.js';

/**
 * What the multipart parser (@fastify/busboy through @fastify/multipart) throws for a body that is
 * not a well-formed form: no boundary, a boundary that never comes, a part cut off by the end of
 * the body, a request closed half-way. They are plain Errors (no status), so they are recognised
 * by their messages and codes here, in one place, and answered 400 instead of 500.
 */
const MALFORMED_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form|file)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed (part header|urlencoded form)$/,
  /^Unsupported Content-Type/,
];
const MALFORMED_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

/** True when `error` says the multipart body was malformed or cut off (→ 400). */
export function isMalformedMultipart(error: unknown): boolean {
  if (error instanceof StorageSourceEndedError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MALFORMED_CODES.has(code)) return true;
  return MALFORMED_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** A multipart body that sends nothing for this long is dropped (a stalled or hostile client). */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

/**
 * Ends a request body that stalls: when no byte arrives for `idleMs` before the body is complete,
 * the request is destroyed, so the multipart parser ends its iteration, the file being written is
 * closed and removed, and the handler finishes. Without it a client that stops half-way would hold
 * a file open for ever. Progress is read from the socket's byte count (listening to the body's
 * 'data' would start it flowing before the parser is attached, and lose bytes).
 */
export function dropStalledBody(request: FastifyRequest, idleMs = UPLOAD_IDLE_TIMEOUT_MS): void {
  const raw = request.raw;
  const socket = raw.socket;
  if (!socket || raw.complete) return;
  let lastBytes = socket.bytesRead;
  let lastProgress = Date.now();
  const timer = setInterval(
    () => {
      if (raw.complete || raw.destroyed) return clearInterval(timer);
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastProgress = Date.now();
        return;
      }
      if (Date.now() - lastProgress < idleMs) return;
      clearInterval(timer);
      request.log.info({ idleMs }, 'upload stalled; dropping the request');
      raw.destroy();
    },
    Math.max(25, Math.floor(idleMs / 4)),
  );
  timer.unref();
  raw.once('close', () => clearInterval(timer));
}
