import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ensureCatalog } from './catalog/ensure-catalog.js';
import type { AppConfig } from './config.js';
import { databaseOptionsFor, openDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { newRequestId } from './lib/ids.js';
import { memoryRateLimiters } from './lib/rate-limiter.js';
import { redisRateLimiters } from './lib/rate-limiter-redis.js';
import { redisLinks, type RedisLinks } from './lib/redis.js';
import { adminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue.routes.js';
import { adminModerationRoutes } from './modules/admin-moderation/admin-moderation.routes.js';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { booksUploadRoutes } from './modules/books/books.upload.routes.js';
import { booksRoutes } from './modules/books/books.routes.js';
import { searchRoutes } from './modules/catalogue-search/search.routes.js';
import { genresRoutes } from './modules/genres/genres.routes.js';
import { authorsRoutes } from './modules/authors/authors.routes.js';
import { bookReportsRoutes } from './modules/book-reports/book-reports.routes.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { preferencesRoutes } from './modules/preferences/preferences.routes.js';
import { readingListRoutes } from './modules/reading-list/reading-list.routes.js';
import { shelvesRoutes } from './modules/reading-list/shelves.routes.js';
import { readingStatsRoutes } from './modules/reading-stats/reading-stats.routes.js';
import { notificationsPushPlugin } from './modules/notifications/notifications.push.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { clubsRoutes } from './modules/clubs/clubs.routes.js';
import { clubTalkRoutes } from './modules/clubs/clubs.talk.routes.js';
import { clubsSocketPlugin } from './modules/clubs/clubs.socket.js';
import { genreGroupsRoutes } from './modules/clubs/genre-groups.routes.js';
import { feedPushPlugin } from './modules/feed/feed.push.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { listsRoutes } from './modules/lists/lists.routes.js';
import { readersRoutes } from './modules/readers/readers.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { readerBooksRoutes } from './modules/books/books.reader.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { importsPushPlugin } from './modules/imports/imports.push.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { startJobQueue } from './lib/job-queue.js';
import compress from '@fastify/compress';
import { loadTemplate } from './modules/pages/pages.document.js';
import { pagesPlugin } from './modules/pages/pages.routes.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorResponse, errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.js';
import { openApiPlugin } from './plugins/openapi.js';
import { requestGuardsPlugin } from './plugins/request-guards.js';
import { inlineScriptHashes, securityPlugin } from './plugins/security.js';
import { servicesPlugin } from './plugins/services.js';
import { hasClientBuild, spaFallback, staticClientPlugin } from './plugins/static-client.js';
import { validationPlugin } from './plugins/validation.js';
import { realtimePlugin } from './realtime/socket-server.js';
import { createServices } from './services.js';

export interface BuildOptions {
  /**
   * An already open database (tests share one per file). The app migrates it but does not close it.
   * Without it the app opens the configured database and closes it with the app.
   */
  database?: Database;
  /** Start of the rate limits' Redis keys (default `nebab:rl:`); tests pass a unique one per run. */
  rateLimitKeyPrefix?: string;
}

/** JSON bodies of the API are small; uploads (later) get their own limit. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole server, ready to `listen`: database migrated, first admin ensured, plugins in
 * order, then the modules. Tests call this with their own config and database.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => newRequestId(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing, and Node's own refusals, answer in our shape too.
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: (error, socket) => {
      const response = clientErrorResponse(error);
      if (response && socket.writable) socket.end(response);
      else socket.destroy();
    },
  }).withTypeProvider<ZodTypeProvider>();

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      databaseOptionsFor(config, (error) =>
        app.log.warn({ err: error }, 'database: an idle connection ended'),
      ),
    ));
  // With REDIS_URL: the rate limits' client and the Socket.IO adapter's two, closed with the app.
  const redis: RedisLinks | undefined = config.redisUrl ? redisLinks(config.redisUrl, app.log) : undefined;
  try {
    await migrateDatabase(database);
    // With REDIS_URL every rate limit is counted in Redis, shared by all nodes.
    const limiterClient = redis ? await redis.open('rate-limits') : undefined;
    if (redis) app.addHook('onClose', async () => redis.close());
    // The AWS SDK (~150 ms, ~24 MB) is loaded only when a bucket is configured.
    const storage = config.s3
      ? (await import('./lib/storage.s3.js')).createS3Storage(config.s3, { logger: app.log })
      : undefined;
    const services = createServices({
      storage,
      config,
      database,
      logger: app.log,
      realtime: config.redisUrl ? 'redis' : 'local',
      redisState: redis?.state,
      rateLimiters: limiterClient
        ? redisRateLimiters(limiterClient, {
            keyPrefix: options.rateLimitKeyPrefix,
            // The outage itself is logged once by the client; each fallback is only worth a debug line.
            onError: (error, limiter) =>
              app.log.debug({ err: error, limiter }, 'rate limit: redis failed; counting in memory'),
          })
        : memoryRateLimiters(),
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    const serveClient = hasClientBuild(config.webDist);
    // The page document every page of the client starts from (modules/pages).
    const template = serveClient ? loadTemplate(config.webDist) : undefined;
    await app.register(servicesPlugin, { config, database, services, ownsDatabase });
    // Every answer of 1 kB or more goes out brotli- or gzip-compressed when the client accepts it
    // (built assets are precompressed at build time and sent as they are).
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    await app.register(validationPlugin);
    await app.register(errorHandlerPlugin, { spaFallback: serveClient ? spaFallback : undefined });
    await app.register(requestGuardsPlugin, { uploadIdleTimeoutMs: config.uploadIdleTimeoutMs });
    await app.register(securityPlugin, {
      https: config.publicUrl.startsWith('https://'),
      scriptHashes: template ? inlineScriptHashes(template.source) : [],
    });
    await app.register(openApiPlugin, { publicUrl: config.publicUrl });
    await app.register(authPlugin);
    await app.register(realtimePlugin, { redis, channel: config.socketChannel });
    await app.register(notificationsPushPlugin);
    await app.register(clubsSocketPlugin);
    await app.register(feedPushPlugin);
    await app.register(importsPushPlugin);

    await app.register(healthRoutes);
    await app.register(authRoutes);
    await app.register(accountRoutes);
    await app.register(readingStatsRoutes);
    await app.register(preferencesRoutes);
    await app.register(genresRoutes);
    await app.register(booksRoutes);
    await app.register(authorsRoutes);
    await app.register(bookReportsRoutes);
    await app.register(newsletterRoutes);
    await app.register(searchRoutes);
    await app.register(booksUploadRoutes);
    await app.register(readingListRoutes);
    await app.register(shelvesRoutes);
    await app.register(reviewsRoutes);
    await app.register(clubsRoutes);
    await app.register(clubTalkRoutes);
    await app.register(genreGroupsRoutes);
    await app.register(readersRoutes);
    await app.register(listsRoutes);
    await app.register(feedRoutes);
    await app.register(contactRoutes);
    await app.register(adminModerationRoutes);
    await app.register(adminCatalogueRoutes);
    await app.register(siteSettingsRoutes);
    await app.register(notificationsRoutes);
    await app.register(recommendationsRoutes);
    await app.register(importsRoutes);
    await app.register(mailRoutes);
    await app.register(exportsRoutes);
    await app.register(readerBooksRoutes);
    if (template) {
      await app.register(pagesPlugin, { webDist: config.webDist, template });
      await app.register(staticClientPlugin, { webDist: config.webDist });
    }

    // The durable job queue (pg-boss in the app's database): imports run on whichever node polls first,
    // and unfinished ones are queued again at start. Stopped before the database closes.
    const jobs = await startJobQueue(database, app.log);
    app.addHook('preClose', async () => jobs.stop());
    await services.imports.startWorker(jobs);
    // Mail goes out through the same queue; the transport closes after the queue stopped.
    app.addHook('onClose', async () => services.mail.close());
    await services.mail.startWorker(jobs);
    await services.authLinks.startWorker(jobs);
    await services.newsletter.startWorker(jobs);
    // The daily notification digest: scheduled once for all nodes, run by whichever takes the job.
    await services.notificationMail.startWorker(jobs);
    await services.meetingReminders.startWorker(jobs);

    if (config.adminEmail) await services.users.ensureAdmin(config.adminEmail, config.adminPassword);
    // Leftovers of uploads a crash interrupted (an hour old: no upload in flight is that slow).
    const swept = await services.uploads.sweep(60 * 60 * 1000);
    if (swept > 0) app.log.info({ swept }, 'removed unfinished uploads');
    if (config.catalogAutoImport) {
      await ensureCatalog(database.db, config, app.log);
      // Search's spelling vocabulary is read now, so no reader's first search waits for it.
      await services.vocabulary.ready();
      // The recommender's model is built with the catalogue (then read from DATA_DIR in ms), so no
      // reader's request waits for it.
      await services.recommendations.warmUp();
    }
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    if (redis) await redis.close();
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}
