import fp from 'fastify-plugin';
import { dropStalledBody } from '../lib/multipart.js';

/**
 * Guards every request shares before any route runs: a multipart body that stalls is dropped after
 * a while (see `dropStalledBody`), so no upload can hold a file open for ever.
 */
export const requestGuardsPlugin = fp<{ uploadIdleTimeoutMs: number }>(
  async (app, { uploadIdleTimeoutMs }) => {
    app.addHook('onRequest', async (request) => {
      if (/^multipart\//i.test(request.headers['content-type'] ?? ''))
        dropStalledBody(request, uploadIdleTimeoutMs);
    });
  },
  { name: 'request-guards' },
);
