import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, translate, type ErrorBody, type ErrorCode, type Language } from '@nebab/shared';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError } from '../lib/errors.js';
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

/** HTTP statuses of framework errors (bad JSON, too large, wrong content type…) as API codes. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

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
              Object.entries(error.fields).map(([field, key]) => [field, translateIssue(key, language)]),
            )
          : undefined;
        if (error.status >= 500) request.log.error({ err: error }, 'server error');
        return send(reply, error.code, {
          code: error.code,
          message: translate(error.messageKey, language),
          ...(fields ? { fields } : {}),
          ...(error.status >= 500 ? { requestId: String(request.id) } : {}),
        });
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      const code =
        status < 500 ? (CODE_OF_STATUS[status] ?? (error.validation ? 'VALIDATION' : undefined)) : undefined;
      if (code) {
        request.log.info({ err: error }, 'request refused');
        return send(
          reply,
          code,
          { code, message: translate(`errors.${code}`, language) },
          ERROR_STATUS[code],
        );
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 'INTERNAL', {
        code: 'INTERNAL',
        message: translate('errors.INTERNAL', language),
        requestId: String(request.id),
      });
    });

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
      if (!isApi && spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
        if (await spaFallback(request, reply)) return reply;
      }
      const language = requestLanguage(request);
      return send(reply, 'NOT_FOUND', {
        code: 'NOT_FOUND',
        message: translate('errors.NOT_FOUND', language),
      });
    });
  },
  { name: 'error-handler' },
);
