import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createAuthThrottle } from './modules/auth/auth.throttle.js';
import { createGoogleSignIn } from './modules/auth/google.service.js';
import { createBooksRepository } from './modules/books/books.repository.js';
import { createBooksService } from './modules/books/books.service.js';
import { createGenresService } from './modules/genres/genres.service.js';
import { createHealthRepository } from './modules/health/health.repository.js';
import { createHealthService } from './modules/health/health.service.js';
import { createPreferencesRepository } from './modules/preferences/preferences.repository.js';
import { createPreferencesService } from './modules/preferences/preferences.service.js';
import { createReadingListRepository } from './modules/reading-list/reading-list.repository.js';
import { createReadingListService } from './modules/reading-list/reading-list.service.js';
import { loadItemModel } from './modules/recommendations/recommendations.model.js';
import { createRecommendationsRepository } from './modules/recommendations/recommendations.repository.js';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createDomainEvents } from './lib/domain-events.js';
import type { Logger } from './lib/logger.js';
import { createLocalStorage } from './lib/storage.js';
import path from 'node:path';

export interface ServiceDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  realtime: 'local' | 'redis';
}

/** The composition root: repositories over one database, services over repositories. */
export function createServices({ config, database, logger, realtime }: ServiceDeps) {
  const { db } = database;
  /** Domain events: modules emit after commit; notifications, sockets and the recommender listen. */
  const events = createDomainEvents(logger);
  const usersRepo = createUsersRepository(db);
  const reviewsRepo = createReviewsRepository(db);
  const authRepo = createAuthRepository(db);
  const preferencesRepo = createPreferencesRepository(db);

  const users = createUsersService({ users: usersRepo, logger });
  const preferences = createPreferencesService({ preferences: preferencesRepo });
  const throttle = createAuthThrottle(config.authRateLimit);
  const auth = createAuthService({
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
  const health = createHealthService({ health: createHealthRepository(database), realtime });
  const genres = createGenresService();
  const books = createBooksService({
    books: createBooksRepository(db),
    storage: createLocalStorage(path.join(config.dataDir, 'uploads')),
    reviewRatings: reviewsRepo.approvedRatingTotals,
  });

  const readingList = createReadingListService({ db, readingList: createReadingListRepository(db) });

  const reviews = createReviewsService({ db, reviews: reviewsRepo });

  const recommendations = createRecommendationsService({
    recommendations: createRecommendationsRepository(db),
    loadModel: () => loadItemModel({ catalogDir: config.catalogDir, cacheDir: config.dataDir, logger }),
  });

  return {
    events,
    auth,
    google,
    throttle,
    users,
    preferences,
    health,
    genres,
    books,
    readingList,
    reviews,
    recommendations,
  };
}

export type Services = ReturnType<typeof createServices>;
