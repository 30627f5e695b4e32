import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { SpaFallback } from './error-handler.js';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** True when a built client (index.html) exists in `webDist`. */
export function hasClientBuild(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built client from `webDist`: hashed files under /assets/ cache for a year,
 * index.html is revalidated on every load.
 */
export const staticClientPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        if (filePath.startsWith(assetsDir)) reply.header('cache-control', LONG_CACHE);
        else if (filePath.endsWith('index.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  },
  { name: 'static-client' },
);

/**
 * SPA fallback for the not-found handler: client routes (/dashboard, /book/42…) answer
 * index.html so the client router takes over. Missing files under /assets/ stay 404.
 */
export const spaFallback: SpaFallback = (request, reply) => {
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/assets/')) return false;
  reply.code(200).sendFile('index.html');
  return true;
};
