import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError } from '../../lib/errors.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { BookReportsRepository } from './book-reports.repository.js';

/** Readers report a book to the admins (spec §5); the Reports queue is modules/admin-moderation's. */
export function createBookReportsService(deps: {
  reports: BookReportsRepository;
  /** The books module: only an active book can be reported. */
  books: Pick<BooksService, 'exists'>;
  /** Domain events (`report.created` after a report is stored: admins are notified). */
  events?: DomainEvents;
}) {
  const { reports, books, events } = deps;

  return {
    /** Stores the report of an active book (404 otherwise) and tells the listeners. */
    async report(bookId: string, actor: Actor, reason: string) {
      if (!(await books.exists(bookId))) throw new NotFoundError();
      const report = await reports.add(bookId, actor.userId, reason);
      await events?.emit('report.created', {
        kind: 'book',
        reportId: report.id,
        targetId: bookId,
        bookId,
        actorId: actor.userId,
        reason,
      });
      return report;
    },
  };
}

export type BookReportsService = ReturnType<typeof createBookReportsService>;
