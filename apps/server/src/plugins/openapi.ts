import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '@nebab/shared';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

type OpenApiDocument = {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>> | undefined>;
  servers?: { url: string; description?: string }[];
};

/** Every operation gets an `operationId` (unless its route names one), and the document its server. */
function completeDocument(document: OpenApiDocument, publicUrl: string | undefined): void {
  for (const [pathname, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation && !operation.operationId) operation.operationId = operationIdOf(method, pathname);
    }
  if (publicUrl) document.servers = [{ url: publicUrl, description: 'This Nebab server' }];
}

/** OpenAPI 3 generated from the routes' zod schemas: GET /api/openapi.json, browsable at /api/docs. */
export const openApiPlugin = fp<{ publicUrl?: string }>(
  async (app, options) => {
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
      transform: jsonSchemaTransform,
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
