import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_STATUS,
  languageFromHeader,
  translate,
  translateWith,
  type ErrorBody,
  type ErrorCode,
  type Language,
} from '@nebab/shared';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError, RateLimitedError } from '../lib/errors.js';
import { isMalformedMultipart } from '../lib/multipart.js';
import { requestLanguage } from '../lib/request-language.js';

/** Translates a validation message key; anything that is not a known key becomes the generic "not valid". */
export function translateIssue(message: string, language: Language): string {
  const text = translate(message, language);
  return text === message ? translate('validation.invalid', language) : text;
}

/** One message per field (the first failing rule), keyed by the top-level field name. */
function fieldsOf(issues: ReadonlyArray<{ instancePath: string; message?: string }>, language: Language) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').find((part) => part !== '');
    if (!field || fields[field]) continue;
    fields[field] = translateIssue(issue.message ?? 'validation.invalid', language);
  }
  return fields;
}

/** Seconds a client is asked to wait (Retry-After) while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** HTTP statuses of framework errors (bad JSON, too large, wrong content type…) as API codes. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** The API code of a framework error's 4xx status: the closest one, VALIDATION for the rest. */
function codeOfClientStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? 'VALIDATION';
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  body: ErrorBody['error'],
  status: number = ERROR_STATUS[code],
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: body } satisfies ErrorBody);
}

/**
 * The API's paths and their methods, to tell a wrong method on a known path (405 with `Allow`) from
 * an unknown path (404). `:param` matches one segment; catch-all routes are left out.
 */
function routeTable() {
  const entries: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  const byUrl = new Map<string, Set<string>>();
  return {
    add(method: string | string[], url: string) {
      // A catch-all (the client's static files) says nothing about which methods a path takes.
      if (url.includes('*')) return;
      let methods = byUrl.get(url);
      if (!methods) {
        methods = new Set();
        byUrl.set(url, methods);
        const source = url
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        entries.push({ pattern: new RegExp(`^${source}/?$`), methods });
      }
      for (const one of Array.isArray(method) ? method : [method]) methods.add(one.toUpperCase());
    },
    methodsFor(path: string): string[] {
      const found = new Set<string>();
      for (const entry of entries) if (entry.pattern.test(path)) for (const m of entry.methods) found.add(m);
      return [...found].filter((m) => m !== 'HEAD').sort();
    },
  };
}

/**
 * Errors Fastify raises before a route is found (a malformed URL, an over-long path parameter):
 * `frameworkErrors` in the Fastify options sends them here, in our shape and language.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    return send(reply, 'INTERNAL', {
      code: 'INTERNAL',
      message: translate('errors.INTERNAL', language),
      requestId: String(request.id),
    });
  }
  const code = codeOfClientStatus(status);
  request.log.info({ err: error }, 'request refused before routing');
  return send(reply, code, { code, message: translate(`errors.${code}`, language) }, status);
}

/** Node's own refusals (header overflow, a request line that is not HTTP), written on the socket. */
export function clientErrorResponse(error: Error & { code?: string; rawPacket?: unknown }): string | null {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return null;
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const language = languageFromHeader(/\r\naccept-language:\s*([^\r\n]*)/i.exec(raw)?.[1]);
  let status = 400;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const requestLine = raw.split('\r\n', 1)[0] ?? '';
    status = requestLine.length > 8 * 1024 ? 414 : 431;
  }
  const code = codeOfClientStatus(status);
  const body = JSON.stringify({
    error: { code, message: translate(`errors.${code}`, language) },
  } satisfies ErrorBody);
  const reason = { 400: 'Bad Request', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[status];
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Whether an unmatched request should get the client's index.html (SPA fallback). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;

/**
 * The one error handler (architecture convention 6): every non-2xx answer is
 * `{ error: { code, message, fields? } }` in the request's language. 5xx answers carry a generic
 * message and the request id; the details go to the log only.
 */
export const errorHandlerPlugin = fp<{ spaFallback?: SpaFallback }>(
  async (app, { spaFallback }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const language = requestLanguage(request);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = fieldsOf(error.validation, language);
        return send(reply, 'VALIDATION', {
          code: 'VALIDATION',
          message: translate('errors.VALIDATION', language),
          ...(Object.keys(fields).length > 0 ? { fields } : {}),
        });
      }

      if (error instanceof AppError) {
        if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
        const fields = error.fields
          ? Object.fromEntries(
              Object.entries(error.fields).map(([field, key]) => [
                field,
                error.messageParams
                  ? translateWith(key, language, error.messageParams)
                  : translateIssue(key, language),
              ]),
            )
          : undefined;
        if (error.status >= 500) request.log.error({ err: error }, 'server error');
        return send(reply, error.code, {
          code: error.code,
          message: translateWith(error.messageKey, language, error.messageParams),
          ...(fields ? { fields } : {}),
          ...(error.status >= 500 ? { requestId: String(request.id) } : {}),
        });
      }

      if (isMalformedMultipart(error)) {
        request.log.info({ err: error }, 'malformed upload refused');
        return send(reply, 'VALIDATION', {
          code: 'VALIDATION',
          message: translate('uploads.malformed', language),
        });
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return send(reply, 'UNAVAILABLE', {
          code: 'UNAVAILABLE',
          message: translate('errors.UNAVAILABLE', language),
          requestId: String(request.id),
        });
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = codeOfClientStatus(status);
        request.log.info({ err: error }, 'request refused');
        return send(reply, code, { code, message: translate(`errors.${code}`, language) }, status);
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 'INTERNAL', {
        code: 'INTERNAL',
        message: translate('errors.INTERNAL', language),
        requestId: String(request.id),
      });
    });

    const routes = routeTable();
    app.addHook('onRoute', (route) => routes.add(route.method, route.url));

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
      if (!isApi && spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
        if (await spaFallback(request, reply)) return reply;
      }
      const language = requestLanguage(request);
      const allowed = routes.methodsFor(path);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        reply.header('allow', allowed.join(', '));
        return send(reply, 'METHOD_NOT_ALLOWED', {
          code: 'METHOD_NOT_ALLOWED',
          message: translate('errors.METHOD_NOT_ALLOWED', language),
        });
      }
      return send(reply, 'NOT_FOUND', {
        code: 'NOT_FOUND',
        message: translate('errors.NOT_FOUND', language),
      });
    });
  },
  { name: 'error-handler' },
);
