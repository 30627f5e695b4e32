import { eraseSuggestions } from './modules/admin-catalogue/admin-catalogue.erase.js';
import { eraseSecondFactor } from './modules/account/account.erase.js';
import type { ReaderEraser } from './lib/reader-eraser.js';
import { eraseSessions } from './modules/auth/auth.erase.js';
import { eraseBookReports } from './modules/book-reports/book-reports.erase.js';
import { eraseBookAuthorship } from './modules/books/books.erase.js';
import { eraseClubMemberships } from './modules/clubs/clubs.erase.js';
import { eraseContactSender } from './modules/contact/contact.erase.js';
import { eraseFeed } from './modules/feed/feed.erase.js';
import { eraseImports } from './modules/imports/imports.erase.js';
import { eraseLists } from './modules/lists/lists.erase.js';
import { eraseNewsletter } from './modules/newsletter/newsletter.erase.js';
import { eraseNotifications } from './modules/notifications/notifications.erase.js';
import { erasePreferences } from './modules/preferences/preferences.erase.js';
import { eraseRelationships } from './modules/readers/readers.erase.js';
import { eraseReadingList } from './modules/reading-list/reading-list.erase.js';
import { eraseGoals } from './modules/reading-stats/reading-stats.erase.js';
import { eraseReviews } from './modules/reviews/reviews.erase.js';
import { eraseAccount } from './modules/users/users.erase.js';

/**
 * Leaving for good (`DELETE /api/account`): each module erases the rows of its own tables, in this
 * order, inside the account service's one transaction. Imports first: deleting them waits for a
 * batch being applied to commit, so the reading-list entries and reviews it wrote are there to be
 * erased next, and no batch comes after. Clubs before the rest (a club they alone moderate passes on
 * while their membership is still there to be read); the account row last (anonymised: the chat
 * messages and topics that stay show "Deleted reader").
 */
export const readerErasers: readonly ReaderEraser[] = [
  eraseImports,
  eraseClubMemberships,
  eraseLists,
  eraseReviews,
  eraseReadingList,
  eraseGoals,
  eraseRelationships,
  eraseFeed,
  eraseNotifications,
  eraseBookReports,
  eraseSuggestions,
  eraseBookAuthorship,
  eraseContactSender,
  eraseNewsletter,
  erasePreferences,
  eraseSecondFactor,
  eraseSessions,
  eraseAccount,
];
