import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Zod validates every body, query and params and serialises every answer, using the schemas
 * from `packages/shared`. A request without a body is validated as `{}` so each required field
 * gets its own message instead of one "expected object".
 */
export const validationPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('preValidation', async (request) => {
      if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) {
        request.body = {};
      }
    });
  },
  { name: 'validation' },
);
