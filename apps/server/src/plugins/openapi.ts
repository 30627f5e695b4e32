import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '@nebab/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAuthHook } from './auth.js';

/** Documents the error body for the given statuses in a route's `response` schema. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * An operation's id from its method and path, as code generators name functions:
 * `GET /api/books/{id}/reviews` → `getBooksByIdReviews`, `POST /newsletter/unsubscribe` →
 * `postSiteNewsletterUnsubscribe`.
 */
export function operationIdOf(method: string, pathname: string): string {
  // A path outside /api (a mail client's one-click POST to a page's address) is named after the site.
  const api = /^\/api(?=\/|$)/.test(pathname);
  const words = (api ? pathname.replace(/^\/api/, '') : `/site${pathname}`)
    .split('/')
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : part.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** A route that needs a session (`app.authenticate`, `app.requireRole`): Authorization: Bearer. */
export const BEARER: Array<Record<string, string[]>> = [{ bearer: [] }];
/** A public route whose answer changes for a signed-in caller: the session is optional. */
export const OPTIONAL_BEARER: Array<Record<string, string[]>> = [{}, { bearer: [] }];

/** The shared error answers, one component each, all `{ error: { code, message, … } }`. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'VALIDATION: the input is not valid (`fields` names each invalid field)',
  },
  401: {
    name: 'Unauthorized',
    description: 'UNAUTHENTICATED: no live session (or INVALID_CREDENTIALS on log-in)',
  },
  403: {
    name: 'Forbidden',
    description: 'FORBIDDEN (not allowed), SUSPENDED (the account is suspended) or EMAIL_UNVERIFIED',
  },
  404: { name: 'NotFound', description: 'NOT_FOUND: no such thing, or not visible to the caller' },
  409: { name: 'Conflict', description: 'CONFLICT: it already exists or clashes (`fields` names the input)' },
  413: { name: 'PayloadTooLarge', description: 'TOO_LARGE: the body or file is over its limit' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'UNSUPPORTED_MEDIA_TYPE: a body of a content type not taken',
  },
  429: { name: 'TooManyRequests', description: 'RATE_LIMITED: too many attempts; wait Retry-After seconds' },
};

type Schema = Record<string, unknown>;
export interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type OpenApiDocument = {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>> | undefined>;
  servers?: { url: string; description?: string }[];
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, unknown> } & Schema;
};

/** Whether a security requirement list demands a session (no empty alternative). */
const needsSession = (security: Operation['security']) =>
  !!security && security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);

/**
 * The error statuses an operation answers, from what the document says of it: a session → 401 and
 * 403 (SUSPENDED); path, query or body input → 400; a method that carries a body → 400 (malformed
 * JSON), 413 (over the body limit) and 415 (a content type not taken), body schema or not. The
 * route's own list (404, 409, 429…) comes on top.
 */
export function errorStatusesOf(method: string, operation: Operation): number[] {
  const statuses = new Set(
    Object.keys(operation.responses ?? {})
      .map(Number)
      .filter((status) => status >= 400 && status < 500),
  );
  if (needsSession(operation.security)) [401, 403].forEach((status) => statuses.add(status));
  if ((operation.parameters ?? []).length > 0 || operation.requestBody) statuses.add(400);
  if (['post', 'put', 'patch'].includes(method) || operation.requestBody)
    [400, 413, 415].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/** A 200 that sends a file's bytes (an image, a PDF) of one of `types`, for the document. */
export function fileResponse(description: string, ...types: [string, ...string[]]) {
  // Bytes, a stream or a string: what the handler sends is never serialised against it.
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return { 200: { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) } };
}

/**
 * Every operation gets an `operationId` (unless its route names one), a `security` (none for public
 * routes), its error answers as references to the shared ones, and the document its server.
 */
function completeDocument(document: OpenApiDocument, publicUrl: string | undefined): void {
  const used = new Set<number>();
  for (const [pathname, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      if (!operation.operationId) operation.operationId = operationIdOf(method, pathname);
      operation.security ??= [];
      const responses = (operation.responses ??= {});
      for (const status of errorStatusesOf(method, operation)) {
        const known = ERROR_RESPONSES[status];
        if (!known) continue;
        responses[status] = { $ref: `#/components/responses/${known.name}` };
        used.add(status);
      }
    }
  const components = (document.components ??= {});
  components.schemas = {
    ...components.schemas,
    Error: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as Schema,
  };
  const json = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  components.responses = Object.fromEntries(
    [...used]
      .sort((a, b) => a - b)
      .map((status) => {
        const { name, description } = ERROR_RESPONSES[status]!;
        const headers =
          status === 429
            ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } }
            : undefined;
        return [name, { description, ...(headers ? { headers } : {}), content: json }];
      }),
  );
  if (publicUrl) document.servers = [{ url: publicUrl, description: 'This Nebab server' }];
}

/** OpenAPI 3 generated from the routes' zod schemas: GET /api/openapi.json, browsable at /api/docs. */
export const openApiPlugin = fp<{ publicUrl?: string }>(
  async (app, options) => {
    // Routes behind `app.authenticate`, `authenticateWith` or `requireRole`.
    const guarded = new Set<string>();
    app.addHook('onRoute', (route) => {
      if ([route.onRequest].flat().some(isAuthHook))
        for (const method of [route.method].flat()) guarded.add(`${method} ${route.url}`);
    });
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Nebab API',
          description:
            'Book discovery and reading community (English and Amharic). See docs/api.md for the contract.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'Session token from signup, login or Google sign-in',
            },
          },
        },
      },
      // The zod transform, and `security: BEARER` for a route behind an auth hook that names none.
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        const methods = [input.route.method].flat();
        // A route declared without a schema (a test's own route) has none to read.
        const schema = (output.schema ?? {}) as FastifySchema & { security?: unknown };
        if (!schema.security && methods.some((method) => guarded.has(`${method} ${input.route.url}`)))
          return { ...output, schema: { ...schema, security: BEARER } };
        return output;
      },
      transformObject: (document) => {
        if (!('openapiObject' in document)) return document.swaggerObject;
        completeDocument(document.openapiObject as OpenApiDocument, options.publicUrl);
        return document.openapiObject;
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);

/**
 * For tests: records every 4xx an operation of the document answers that its `responses` do not
 * list (`GET /api/books/{id} → 409`). Add before the app is ready; read with the returned function.
 * Requests no route matched (404, 405, 414, 431) belong to no operation and are not counted.
 */
export function watchUndocumentedErrors(app: FastifyInstance): () => string[] {
  // Answers are noted as they go and compared with the document when asked, so no request waits for
  // the document to be generated.
  const answered = new Set<string>();
  app.addHook('onSend', async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if (status >= 400 && status < 500 && route && request.method !== 'HEAD')
      answered.add(`${request.method} ${route.replace(/:([A-Za-z0-9_]+)/g, '{$1}')} ${status}`);
  });
  return () => {
    if (answered.size === 0) return [];
    const document = app.swagger() as OpenApiDocument;
    return [...answered]
      .filter((answer) => {
        const [method, pathname, status] = answer.split(' ') as [string, string, string];
        const operation = document.paths?.[pathname]?.[method.toLowerCase() as (typeof METHODS)[number]];
        return operation !== undefined && !operation.responses?.[status];
      })
      .map((answer) => answer.replace(/ (\d+)$/, ' → $1'))
      .sort();
  };
}
