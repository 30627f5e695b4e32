import type {
  AdminReportPatch,
  AdminReviewFilter,
  AdminReviewPatch,
  AdminUserPatch,
  ReportKind,
  ReportStatus,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { ReviewRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import type { UsersRepository } from '../users/users.repository.js';
import { assertNotLockingSelfOut } from './admin-moderation.policy.js';
import type {
  AdminModerationRepository,
  AdminReviewRow,
  Page,
  ReportRow,
  ReviewReportRow,
  UserWithCounts,
} from './admin-moderation.repository.js';

export interface AdminModerationServiceDeps {
  db: Db;
  repo: AdminModerationRepository;
  users: UsersRepository;
  events: DomainEvents;
}

interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * Admin People & Moderation (spec §2 All Users, Moderate Reviews, Reports). Callers are admins (the
 * routes require the role); this service enforces what even an admin may not do.
 */
export function createAdminModerationService({ db, repo, users, events }: AdminModerationServiceDeps) {
  /** A user that exists and is not deleted; 404 otherwise. */
  async function liveUser(id: string): Promise<UserWithCounts> {
    const found = await repo.findUser(id);
    if (!found || found.user.status === 'deleted') throw new NotFoundError();
    return found;
  }

  function listUsers(query: PageRequest & { q?: string }): Promise<Page<UserWithCounts>> {
    return repo.listUsers({ ...query, q: query.q || undefined });
  }

  /**
   * Edit (name, role), Suspend or Activate. Suspending ends every session of the user at once (their
   * token answers 401, their sockets are dropped through `user.sessionsEnded`).
   */
  async function updateUser(actor: Actor, id: string, patch: AdminUserPatch): Promise<UserWithCounts> {
    assertNotLockingSelfOut(actor, id, patch);
    const endsSessions = await db.transaction(async (tx) => {
      const current = await repo.lockUser(id, tx);
      if (!current || current.status === 'deleted') throw new NotFoundError();
      const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      await users.update(id, changes, tx);
      const suspending = patch.status === 'suspended' && current.status !== 'suspended';
      if (suspending) await repo.deleteSessions(id, tx);
      return suspending;
    });
    if (endsSessions) await events.emit('user.sessionsEnded', { userId: id });
    return liveUser(id);
  }

  /**
   * Deletes an account by anonymising it (spec: their reviews stay, attributed to "Deleted reader").
   * The account cannot sign in again and no longer shows in All Users.
   */
  async function deleteUser(actor: Actor, id: string): Promise<void> {
    assertNotLockingSelfOut(actor, id, 'delete');
    await db.transaction(async (tx) => {
      const current = await repo.lockUser(id, tx);
      if (!current || current.status === 'deleted') throw new NotFoundError();
      await repo.anonymiseUser(id, tx);
    });
    await events.emit('user.sessionsEnded', { userId: id });
  }

  function listReviews(query: PageRequest & { status: AdminReviewFilter }): Promise<Page<AdminReviewRow>> {
    return repo.listReviews(query);
  }

  async function getReview(id: string): Promise<{ row: AdminReviewRow; reports: ReviewReportRow[] }> {
    const row = await repo.findReview(id);
    if (!row) throw new NotFoundError();
    return { row, reports: await repo.reportsOfReview(id) };
  }

  /**
   * Approve or Reject. Approving dismisses the review's open reports (nothing wrong found);
   * rejecting resolves them. A deleted review cannot be changed (409).
   */
  async function moderateReview(id: string, patch: AdminReviewPatch): Promise<AdminReviewRow> {
    const before = await db.transaction(async (tx) => {
      const current = await repo.lockReview(id, tx);
      if (!current) throw new NotFoundError();
      if (current.status === 'deleted') throw new ConflictError('adminModeration.reviewDeleted');
      await repo.setReviewStatus(id, patch.status, tx);
      await repo.closeOpenReviewReports(id, patch.status === 'approved' ? 'dismissed' : 'resolved', tx);
      return current;
    });
    if (before.status !== patch.status) await reviewChanged(before, patch.status);
    const row = await repo.findReview(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Delete: the status becomes deleted (the row stays listed with that status); open reports are resolved. */
  async function deleteReview(id: string): Promise<void> {
    const before = await db.transaction(async (tx) => {
      const current = await repo.lockReview(id, tx);
      if (!current) throw new NotFoundError();
      await repo.setReviewStatus(id, 'deleted', tx);
      await repo.closeOpenReviewReports(id, 'resolved', tx);
      return current;
    });
    if (before.status !== 'deleted') await reviewChanged(before, 'deleted');
  }

  /** A moderated review shows or hides for everyone (the activity feed listens). */
  async function reviewChanged(review: ReviewRow, status: string): Promise<void> {
    await events.emit('review.changed', {
      reviewId: review.id,
      bookId: review.bookId,
      authorId: review.userId,
      rating: review.rating,
      comment: review.comment,
      visible: status === 'approved' && review.visibility === 'public',
      created: false,
      ratingChanged: false,
    });
  }

  function listReports(
    query: PageRequest & { status: ReportStatus | 'all'; kind: ReportKind | 'all' },
  ): Promise<Page<ReportRow>> {
    return repo.listReports(query);
  }

  /** Resolve, dismiss (or reopen) a book or review report; 404 when no report has that id. */
  async function updateReport(id: string, patch: AdminReportPatch): Promise<ReportRow> {
    const row = await repo.setReportStatus(id, patch.status);
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    listUsers,
    getUser: liveUser,
    updateUser,
    deleteUser,
    listReviews,
    getReview,
    moderateReview,
    deleteReview,
    listReports,
    updateReport,
  };
}

export type AdminModerationService = ReturnType<typeof createAdminModerationService>;
