import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows what the client needs: its own scripts, its own and inline
 * styles, images from anywhere over https and data: URLs, API and Socket.IO on the same origin,
 * and Google Drive previews in frames (reader overlay).
 */
export const securityPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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
  },
  { name: 'security' },
);
