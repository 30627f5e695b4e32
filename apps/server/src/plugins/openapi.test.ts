import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { errorHandlerPlugin } from './error-handler.js';
import { errorResponses, errorStatusesOf, openApiPlugin, watchUndocumentedErrors } from './openapi.js';
import { validationPlugin } from './validation.js';

let app: FastifyInstance;
let url: string;
let undocumented: () => string[];

beforeAll(async () => {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  await app.register(validationPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin, {});
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/things/:id',
    {
      schema: {
        summary: 'A thing; 404 documented, 409 not',
        params: z.object({ id: z.string().max(5) }),
        response: { 200: z.object({ id: z.string() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      if (request.params.id === 'gone') throw new NotFoundError();
      if (request.params.id === 'twice') throw new ConflictError();
      return { id: request.params.id };
    },
  );
  undocumented = watchUndocumentedErrors(app);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());

describe('watchUndocumentedErrors', () => {
  it('records an error answer the operation does not document, and only that one', async () => {
    expect((await fetch(`${url}/api/things/ok`)).status).toBe(200);
    expect((await fetch(`${url}/api/things/gone`)).status).toBe(404);
    expect((await fetch(`${url}/api/things/toolong`)).status).toBe(400);
    expect((await fetch(`${url}/api/nowhere`)).status).toBe(404);
    expect(undocumented()).toEqual([]);
    expect((await fetch(`${url}/api/things/twice`)).status).toBe(409);
    expect(undocumented()).toEqual(['GET /api/things/{id} → 409']);
  });
});

describe('errorStatusesOf', () => {
  it('adds 401 and 403 for a required session, 400 for input, 413 and 415 for a body', () => {
    expect(errorStatusesOf('get', { security: [{ bearer: [] }] })).toEqual([401, 403]);
    expect(errorStatusesOf('get', { security: [{}, { bearer: [] }], parameters: [{ in: 'query' }] })).toEqual(
      [400],
    );
    expect(
      errorStatusesOf('put', { security: [], requestBody: {}, responses: { 200: {}, 409: {} } }),
    ).toEqual([400, 409, 413, 415]);
    // A POST without a body schema still parses a body a client sends.
    expect(errorStatusesOf('post', {})).toEqual([400, 413, 415]);
  });
});
