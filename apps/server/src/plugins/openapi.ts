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

/** OpenAPI 3 generated from the routes' zod schemas: GET /api/openapi.json, browsable at /api/docs. */
export const openApiPlugin = fp(
  async (app) => {
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
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
