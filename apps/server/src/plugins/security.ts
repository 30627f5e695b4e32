import { createHash } from 'node:crypto';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/**
 * CSP sources of the classic inline scripts of a page template (the theme script of the client's
 * index.html, which must run before the first paint): `'sha256-…'` of each one's exact text.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

/**
 * Security headers. The CSP allows what the client needs: its own scripts, its own and inline
 * styles, images from anywhere over https and data: URLs, API and Socket.IO on the same origin,
 * and Google Drive previews in frames (reader overlay). Helmet itself, built once: its Fastify
 * plugin built it again for every request (parsing the CSP each time, a twentieth of a node's
 * busy time under bench:load); the headers are the same for every answer.
 */
export const securityPlugin = fp<{ https: boolean; scriptHashes?: string[] }>(
  async (app, { https, scriptHashes = [] }) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'https:', 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameSrc: ["'self'", 'https://drive.google.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          // Upgrading would break plain-http installs (local runs, the browser tests).
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      strictTransportSecurity: https ? undefined : false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    );
  },
  { name: 'security' },
);
