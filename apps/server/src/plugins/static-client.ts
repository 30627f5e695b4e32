import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { SpaFallback } from './error-handler.js';

const LONG_CACHE = 'public, max-age=31536000, immutable';
/** Files whose address never changes while their content does. */
const NO_CACHE_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/** True when a built client (index.html) exists in `webDist`. */
export function hasClientBuild(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built client's files from `webDist`: hashed files under /assets/ cache for a year and are
 * sent precompressed (`.br` / `.gz` written at build time) to clients that accept it; the service
 * worker and the manifest are revalidated on every load. Pages (`/`, `/book/1`…) are not files: the
 * not-found handler renders them (modules/pages), so `index.html` is never served as it is.
 */
export const staticClientPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const assetsDir = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: false,
      setHeaders(reply, filePath) {
        if (filePath.startsWith(assetsDir)) reply.header('cache-control', LONG_CACHE);
        else if (NO_CACHE_FILES.has(path.basename(filePath))) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=86400');
      },
    });
  },
  { name: 'static-client' },
);

/**
 * The not-found handler's fallback for GET and HEAD: every path that is not a file is a page of the
 * client, answered by the pages module (head, status, server-rendered markup). Missing files under
 * /assets/ stay 404.
 */
export const spaFallback: SpaFallback = async (request, reply) => {
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/assets/')) return false;
  await request.server.renderPage(request, reply);
  return true;
};
