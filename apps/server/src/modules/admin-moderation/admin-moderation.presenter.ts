import type {
  AdminBookRef,
  AdminReport,
  AdminReview,
  AdminReviewDetail,
  AdminUser,
  Language,
  ReportStatus,
  ReviewStatus,
} from '@nebab/shared';
import { presentCover } from '../books/books.presenter.js';
import { presentUser } from '../users/users.presenter.js';
import { presentReviewUser } from '../reviews/reviews.presenter.js';
import type {
  AdminReviewRow,
  BookRef,
  ReportRow,
  ReviewReportRow,
  UserWithCounts,
} from './admin-moderation.repository.js';

/** A row of All Users: the User of spec §3 with its counts. */
export function presentAdminUser({ user, booksRead, reviewsWritten }: UserWithCounts): AdminUser {
  return presentUser(user, { booksRead, reviewsWritten });
}

export function presentBookRef(book: BookRef): AdminBookRef {
  return { id: book.id, title: book.title, author: book.author, ...presentCover(book) };
}

/** A row of Moderate Reviews; the author of a deleted account shows as "Deleted reader". */
export function presentAdminReview(row: AdminReviewRow, language: Language): AdminReview {
  const { review } = row;
  return {
    id: review.id,
    book: presentBookRef(row.book),
    user: presentReviewUser(row.author, language),
    rating: review.rating,
    comment: review.comment,
    visibility: review.visibility === 'private' ? 'private' : 'public',
    status: review.status as ReviewStatus,
    timestamp: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    reportsCount: row.reportsCount,
    openReportsCount: row.openReportsCount,
  };
}

/** View Details: the review with its reports. */
export function presentAdminReviewDetail(
  row: AdminReviewRow,
  reports: ReviewReportRow[],
  language: Language,
): AdminReviewDetail {
  return {
    ...presentAdminReview(row, language),
    reports: reports.map((report) => ({
      id: report.id,
      reason: report.reason,
      status: report.status as ReportStatus,
      reporter: presentReviewUser(report.reporter, language),
      created_at: report.createdAt.toISOString(),
    })),
  };
}

/** A row of the Reports queue. */
export function presentAdminReport(row: ReportRow, language: Language): AdminReport {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    status: row.status as ReportStatus,
    reporter: presentReviewUser(row.reporter, language),
    book: presentBookRef(row.book),
    review: row.review
      ? {
          id: row.review.id,
          comment: row.review.comment,
          status: row.review.status as ReviewStatus,
          user: presentReviewUser(row.review.author, language),
        }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
