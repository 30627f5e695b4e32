import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
  }
}

/**
 * Makes the config, the database and the services reachable from routes (`app.services`).
 * Closes the database with the app when the app opened it.
 */
export const servicesPlugin = fp<{
  config: AppConfig;
  database: Database;
  services: Services;
  ownsDatabase: boolean;
}>(
  async (app, { config, database, services, ownsDatabase }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('services', services);
    if (ownsDatabase) app.addHook('onClose', async () => database.close());
  },
  { name: 'services' },
);
