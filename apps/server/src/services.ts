import { READER_BOOK_LIMITS } from '@nebab/shared';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAdminModerationRepository } from './modules/admin-moderation/admin-moderation.repository.js';
import { createAdminModerationService } from './modules/admin-moderation/admin-moderation.service.js';
import { createAdminCatalogueRepository } from './modules/admin-catalogue/admin-catalogue.repository.js';
import { createAdminCatalogueService } from './modules/admin-catalogue/admin-catalogue.service.js';
import { createSiteSettingsRepository } from './modules/site-settings/site-settings.repository.js';
import { createSiteSettingsService } from './modules/site-settings/site-settings.service.js';
import { createPostingPolicy } from './modules/users/posting.policy.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService, type AccountServiceDeps } from './modules/account/account.service.js';
import { createTwoFactor } from './modules/account/two-factor.service.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createAuthLinks } from './modules/auth/auth-links.service.js';
import { createAuthTokensRepository } from './modules/auth/auth-tokens.repository.js';
import { createAuthThrottle } from './modules/auth/auth.throttle.js';
import { createGoogleSignIn } from './modules/auth/google.service.js';
import { createAuthorsRepository } from './modules/authors/authors.repository.js';
import { createAuthorsService } from './modules/authors/authors.service.js';
import { createBookReportsRepository } from './modules/book-reports/book-reports.repository.js';
import { createBookReportsService } from './modules/book-reports/book-reports.service.js';
import { createBooksRepository } from './modules/books/books.repository.js';
import { createBooksService } from './modules/books/books.service.js';
import { createBooksSitemapRepository } from './modules/books/books.sitemap.repository.js';
import { createBookUploadRepository } from './modules/books/books.upload.repository.js';
import { createBookUploadService } from './modules/books/books.upload.service.js';
import { createCatalogueSearch } from './modules/catalogue-search/search.service.js';
import { createGenresRepository } from './modules/genres/genres.repository.js';
import { createGenresService } from './modules/genres/genres.service.js';
import { createHealthRepository } from './modules/health/health.repository.js';
import { createHealthService } from './modules/health/health.service.js';
import { createNewsletterRepository } from './modules/newsletter/newsletter.repository.js';
import { createNewsletterService } from './modules/newsletter/newsletter.service.js';
import { createPagesService } from './modules/pages/pages.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createNotificationMail } from './modules/notifications/notifications.mail.js';
import { createNotificationMailRepository } from './modules/notifications/notifications.mail-repository.js';
import { createPreferencesRepository } from './modules/preferences/preferences.repository.js';
import { createPreferencesService } from './modules/preferences/preferences.service.js';
import { createReadingListImportRepository } from './modules/reading-list/reading-list.import.repository.js';
import { createReadingListRepository } from './modules/reading-list/reading-list.repository.js';
import { createReadingListService } from './modules/reading-list/reading-list.service.js';
import { createReadsRepository } from './modules/reading-list/reads.repository.js';
import { createShelvesRepository } from './modules/reading-list/shelves.repository.js';
import { createShelvesService } from './modules/reading-list/shelves.service.js';
import { createReadingStatsRepository } from './modules/reading-stats/reading-stats.repository.js';
import { createReadingStatsService } from './modules/reading-stats/reading-stats.service.js';
import { loadItemModel } from './modules/recommendations/recommendations.model.js';
import { createRecommendationsRepository } from './modules/recommendations/recommendations.repository.js';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createClubsDirectoryRepository } from './modules/clubs/clubs.directory.repository.js';
import { createClubsRepository } from './modules/clubs/clubs.repository.js';
import { createClubTalkRepository } from './modules/clubs/clubs.talk.repository.js';
import { createChatLimiter } from './modules/clubs/chat-limiter.js';
import { createClubsService } from './modules/clubs/clubs.service.js';
import { createMeetingReminders } from './modules/clubs/meeting-reminders.js';
import { createFeedRepository } from './modules/feed/feed.repository.js';
import { createFeedService } from './modules/feed/feed.service.js';
import { createListsRepository } from './modules/lists/lists.repository.js';
import { createListsDirectoryRepository } from './modules/lists/lists.directory.repository.js';
import { createListsService } from './modules/lists/lists.service.js';
import { createProfilesService } from './modules/readers/profiles.service.js';
import { createReadersDirectoryRepository } from './modules/readers/readers.directory.repository.js';
import { createReadersRepository } from './modules/readers/readers.repository.js';
import { createRelationshipsService } from './modules/readers/relationships.service.js';
import { createVisibilityPolicy } from './modules/readers/visibility.policy.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { createContactService } from './modules/contact/contact.service.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { createMailService } from './modules/mail/mail.service.js';
import { loadMailTemplates } from './modules/mail/mail.templates.js';
import { createMailTransport } from './modules/mail/mail.transport.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createDomainEvents } from './lib/domain-events.js';
import { createLibraryServices } from './services.library.js';
import { readerErasers } from './services.leaving.js';
import type { Logger } from './lib/logger.js';
import { memoryRateLimiters, type RateLimiters } from './lib/rate-limiter.js';
import type { RedisState } from './lib/redis.js';
import { createLocalStorage, type Storage } from './lib/storage.js';
import path from 'node:path';

export interface ServiceDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  realtime: 'local' | 'redis';
  /** With REDIS_URL: whether every Redis connection is up (for `/api/health`). */
  redisState?: () => RedisState;
  /** The rate limits' counters: memory by default; buildApp passes Redis ones when REDIS_URL is set. */
  rateLimiters?: RateLimiters;
  /** Where uploads go when not `DATA_DIR/uploads` (the S3 bucket; buildApp loads its SDK only then). */
  storage?: Storage;
  /**
   * Told after a reader deleted their account (`DELETE /api/account`), with the address and language
   * it had. By default the mail confirming it goes to that address; a test can listen instead.
   */
  onAccountDeleted?: AccountServiceDeps['onAccountDeleted'];
}

/** The composition root: repositories over one database, services over repositories. */
export function createServices({
  config,
  database,
  logger,
  realtime,
  redisState,
  rateLimiters = memoryRateLimiters(),
  storage,
  onAccountDeleted,
}: ServiceDeps) {
  const { db } = database;
  /** Domain events: modules emit after commit; notifications, sockets and the recommender listen. */
  const events = createDomainEvents(logger);
  const usersRepo = createUsersRepository(db);
  const reviewsRepo = createReviewsRepository(db);
  const authRepo = createAuthRepository(db);
  const preferencesRepo = createPreferencesRepository(db);

  const users = createUsersService({ users: usersRepo, logger });
  /** Outgoing mail: an outbox delivered through the job queue (SMTP_URL, else DATA_DIR/mail/*.eml). */
  const mail = createMailService({
    repo: createMailRepository(db),
    transport: createMailTransport(config.mail, config.dataDir, logger),
    templates: loadMailTemplates(),
    config: config.mail,
    publicUrl: config.publicUrl,
    rateLimiters,
    logger,
  });
  const preferences = createPreferencesService({ preferences: preferencesRepo });
  const throttle = createAuthThrottle(config.authRateLimit, rateLimiters);
  const siteSettings = createSiteSettingsService({ settings: createSiteSettingsRepository(db), logger });
  /** Who may post: the site's "require a verified address to post", asked by every write path. */
  const posting = createPostingPolicy({
    users: usersRepo,
    requireVerifiedToPost: siteSettings.requireVerifiedToPost,
  });
  const mayPost = posting.assertMayPost;
  const accountRepo = createAccountRepository(db);
  const twoFactor = createTwoFactor({ db, account: accountRepo, rateLimiters });
  /** Password-reset and address-confirmation links, by mail. */
  const authLinks = createAuthLinks({
    db,
    users: usersRepo,
    authRepo,
    tokens: createAuthTokensRepository(db),
    mail,
    events,
    logger,
  });
  const auth = createAuthService({
    events,
    afterSignup: authLinks.afterSignup,
    twoFactor,
    registrationOpen: siteSettings.registrationOpen,
    db,
    config,
    authRepo,
    users: usersRepo,
    usersService: users,
    preferences,
    throttle,
    logger,
  });
  const google = createGoogleSignIn({ config, authRepo, auth, logger });
  const health = createHealthService({ health: createHealthRepository(database), realtime, redisState });
  /** Uploaded files (book PDFs, covers, avatars): the S3 bucket buildApp opened, else DATA_DIR/uploads. */
  const uploads = storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  /**
   * The catalogue's one owner: the book page, trending and related lists, and what every other module
   * asks of a book (`findActive`, `exists`, `cards`, `recordActivity`, the admins' writes).
   */
  const readingListRepo = createReadingListRepository(db);
  const books = createBooksService({
    books: createBooksRepository(db),
    sitemap: createBooksSitemapRepository(db),
    storage: uploads,
    inLibrary: async (userId, bookId) => Boolean(await readingListRepo.findWithBook(userId, bookId)),
  });
  const authors = createAuthorsService({ authors: createAuthorsRepository(db), books });
  /** Double opt-in subscribers, one-click unsubscribe, and issues sent in batches through the queue. */
  const newsletter = createNewsletterService({ newsletter: createNewsletterRepository(db), mail, logger });
  const bookReports = createBookReportsService({ reports: createBookReportsRepository(db), books, events });
  const readersRepo = createReadersRepository(db);
  /**
   * Who may see whom (blocks either way, profile privacy): the one policy every module that shows
   * people or their words is given (reviews, clubs and their chat, lists, the feed, notifications).
   */
  const visibility = createVisibilityPolicy({ readers: readersRepo });
  /** Follows, blocks and privacy choices: the readers' graph. */
  const relationships = createRelationshipsService({ db, readers: readersRepo, events, visibility });
  const clubs = createClubsService({
    db,
    clubs: createClubsRepository(db),
    talk: createClubTalkRepository(db),
    directory: createClubsDirectoryRepository(db),
    storage: uploads,
    events,
    books,
    // One chat rate limit per user, in Redis (every node) when REDIS_URL is set.
    chatLimiter: createChatLimiter(rateLimiters),
    visibility,
    mayPost,
    publicUrl: config.publicUrl,
  });
  /** The genres, and each genre's page (its books from the catalogue, its groups from the clubs). */
  const genres = createGenresService({
    genres: createGenresRepository(db),
    groups: async (slug) => {
      const { views } = await clubs.genreGroups(null, slug, { page: 1, pageSize: 12 });
      return views.map((view) => ({ id: view.club.id, name: view.club.name, memberCount: view.memberCount }));
    },
  });
  /** Catalogue search and typeahead, with the node's copy of the spelling vocabulary. */
  const { service: search, vocabulary } = createCatalogueSearch(database, (error) =>
    logger.warn({ err: error }, 'search: the vocabulary could not be refreshed'),
  );
  /**
   * A book was added, edited or removed on this node: trending is computed again, kept search
   * answers are dropped and search's vocabulary reads the change at once (other nodes within
   * seconds, which drops their kept answers too); a failed read is logged.
   */
  const catalogueChanged = async () => {
    books.clearCaches();
    search.forget();
    await events.emit('catalogue.changed', {});
    await vocabulary
      .refresh()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'search: the vocabulary could not be refreshed'),
      );
  };
  /** Add Ethiopian Book: streamed multipart uploads into `uploads`. */
  const bookUploads = createBookUploadService({
    db,
    repo: createBookUploadRepository(db),
    storage: uploads,
    limits: config.uploadLimits,
    onBookAdded: catalogueChanged,
  });

  const account = createAccountService({
    db,
    account: accountRepo,
    authRepo,
    users: usersRepo,
    twoFactor,
    storage: uploads,
    events,
    logger,
    erasers: readerErasers,
    onAccountDeleted:
      onAccountDeleted ??
      (async (reader) => {
        await mail.send('account-deleted', {
          to: reader.email,
          language: reader.language ?? 'en',
          data: { name: reader.name, email: reader.email, link: mail.link('/') },
        });
      }),
    recoveryEmailChanged: authLinks.recoveryEmailChanged,
    links: authLinks,
  });

  /** A reader's own shelves; `ensure` + `addBook` are the entry points of an importer (Goodreads shelves). */
  const shelves = createShelvesService({ db, shelves: createShelvesRepository(db) });
  const readingList = createReadingListService({
    db,
    readingList: readingListRepo,
    reads: createReadsRepository(db),
    shelves,
    books,
    events,
  });
  // The third reader to have an unlisted reader-added book lists it (trigger `reader_books_listed`):
  // search, its vocabulary and the cached lists show it at once on this node (others within a minute).
  const libraryCounts = createReadingListImportRepository(db);
  events.on('readingList.statusChanged', async ({ bookId, previous }) => {
    if (previous !== null) return;
    const book = await books.findById(bookId);
    if (!book || book.source !== 'reader' || book.checkedAt !== null || !book.listed) return;
    if ((await libraryCounts.readerCounts([bookId])).get(bookId) === READER_BOOK_LIMITS.readersToList)
      await catalogueChanged();
  });

  const adminCatalogue = createAdminCatalogueService({
    db,
    repo: createAdminCatalogueRepository(db),
    books,
    storage: uploads,
    events,
    onCatalogueChanged: catalogueChanged,
  });

  const reviews = createReviewsService({
    db,
    reviews: reviewsRepo,
    books,
    events,
    visibility,
    relationships,
    mayPost,
  });

  const lists = createListsService({
    db,
    lists: createListsRepository(db),
    books,
    directory: createListsDirectoryRepository(db),
    events,
    visibility,
    mayPost,
  });

  /** The activity feed writes its own entries from the domain events; the feed push sends them live. */
  const feed = createFeedService({
    feed: createFeedRepository(db),
    events,
    logger,
    visibility,
    lists,
    clubs,
  });
  feed.listen();

  const profiles = createProfilesService({
    relationships,
    visibility,
    directory: createReadersDirectoryRepository(db),
    sources: {
      shelves: (userId, perShelf) => readingList.profileShelves(userId, perShelf),
      recentReviews: (userId, limit) => reviews.publicByAuthor(userId, limit),
      lists: (ownerId, includePrivate, limit) => lists.ofOwner(ownerId, includePrivate, limit),
      clubs: (viewer, userId, limit) => clubs.publicClubsOf(viewer, userId, limit),
    },
  });

  /** The contact form: stored messages, admins notified (through `events`), rate-limited. */
  const contact = createContactService({ contact: createContactRepository(db), events, rateLimiters });

  const readingStats = createReadingStatsService({
    repo: createReadingStatsRepository(db),
    readingList,
    reviews,
    users,
  });

  const adminModeration = createAdminModerationService({
    db,
    repo: createAdminModerationRepository(db),
    users: usersRepo,
    events,
  });

  /** Notification mail: at once or in the daily digest, as each reader chose per kind. */
  const notificationMail = createNotificationMail({
    db,
    repo: createNotificationMailRepository(db),
    mail,
    logger,
  });
  /** Notifications listen to the domain events; app.ts pushes each stored one over the socket. */
  const notifications = createNotificationsService({
    notifications: createNotificationsRepository(db),
    books,
    logger,
    visibility,
    mailer: notificationMail,
  });
  notifications.listen(events);

  /** Club meetings' reminders 24 hours before: in-app and by mail with the `.ics` (a 5-minute cron). */
  const meetingReminders = createMeetingReminders({
    db,
    talk: createClubTalkRepository(db),
    notifications,
    mail,
    publicUrl: config.publicUrl,
    logger,
    reminderMail: async (userId) =>
      (await notifications.emailChoice(userId, 'meetingReminder')) === 'instant'
        ? notificationMail.recipient(userId)
        : undefined,
  });

  const recommendations = createRecommendationsService({
    recommendations: createRecommendationsRepository(db),
    books,
    loadModel: () => loadItemModel({ catalogDir: config.catalogDir, cacheDir: config.dataDir, logger }),
  });

  /** Bring your library, take it with you (issue 11): imports, reader-added books, exports. */
  const {
    bookMatch,
    imports,
    readerBooks,
    exports: exportsService,
  } = createLibraryServices({
    db,
    logger,
    setCover: (bookId, cover) => adminCatalogue.setCover(bookId, cover),
    onCatalogueChanged: catalogueChanged,
    search,
  });

  /** Heads, statuses and the sitemap of the public pages. */
  const pages = createPagesService({
    publicUrl: config.publicUrl,
    books,
    authors,
    genres,
    clubs,
    profiles,
    lists,
    siteSettings,
  });

  return {
    events,
    mail,
    /** Uploaded files (`DATA_DIR/uploads` or the S3 bucket). */
    uploads,
    auth,
    authLinks,
    account,
    google,
    throttle,
    /** Every rate limit of the app (auth, second factor, club chat) counts through these. */
    rateLimiters,
    users,
    preferences,
    health,
    genres,
    books,
    authors,
    newsletter,
    bookReports,
    search,
    vocabulary,
    bookUploads,
    readingList,
    shelves,
    readingStats,
    reviews,
    clubs,
    relationships,
    visibility,
    profiles,
    lists,
    feed,
    contact,
    adminModeration,
    adminCatalogue,
    siteSettings,
    notifications,
    notificationMail,
    meetingReminders,
    recommendations,
    pages,
    bookMatch,
    imports,
    readerBooks,
    exports: exportsService,
  };
}

export type Services = ReturnType<typeof createServices>;
