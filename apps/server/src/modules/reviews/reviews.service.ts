import {
  REVIEW_LIMITS,
  type ReactionInput,
  type ReplyInput,
  type ReviewInput,
  type ReviewPatch,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../users/users.policy.js';
import { assertAuthor, canSeeReview } from './reviews.policy.js';
import type {
  ReactionCounts,
  ReplyWithAuthor,
  ReviewDetails,
  ReviewsRepository,
  ReviewWithAuthor,
} from './reviews.repository.js';

export interface ReviewsServiceDeps {
  db: Db;
  reviews: ReviewsRepository;
  /** Domain events (`review.replied`, `review.reacted`, `report.created`), emitted after commit. */
  events?: DomainEvents;
}

export function createReviewsService({ db, reviews, events }: ReviewsServiceDeps) {
  async function details(
    row: ReviewWithAuthor,
    viewerId: string | null,
    tx: Db = db,
  ): Promise<ReviewDetails> {
    const [found] = await reviews.withDetails([row], viewerId, tx);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** The review if the caller may see it; 404 otherwise. */
  async function visible(id: string, actor: Actor | null): Promise<ReviewWithAuthor> {
    const row = await reviews.findById(id);
    if (!row || !canSeeReview(row.review, actor?.userId ?? null)) throw new NotFoundError();
    return row;
  }

  /** A book's reviews for the caller (approved public ones plus the caller's own); 404 for an unknown book. */
  async function listForBook(bookId: string, actor: Actor | null): Promise<ReviewDetails[]> {
    if (!(await reviews.bookIsActive(bookId))) throw new NotFoundError();
    const viewerId = actor?.userId ?? null;
    return reviews.withDetails(await reviews.listForBook(bookId, viewerId), viewerId, db);
  }

  /**
   * One review per reader per book: writes a new one (and a `review` activity for trending) or
   * replaces the reader's existing one, in one transaction. `created` tells which.
   */
  async function submit(
    actor: Actor,
    bookId: string,
    input: ReviewInput,
  ): Promise<{ review: ReviewDetails; created: boolean }> {
    if (!(await reviews.bookIsActive(bookId))) throw new NotFoundError();
    return db.transaction(async (tx) => {
      const { review, inserted } = await reviews.upsert(
        actor.userId,
        bookId,
        {
          rating: input.rating,
          comment: input.comment,
          visibility: input.visibility,
          spoiler: input.spoiler,
        },
        tx,
      );
      if (inserted) await reviews.recordActivity(bookId, actor.userId, 'review', tx);
      const row = await reviews.findById(review.id, tx);
      if (!row) throw new NotFoundError();
      return { review: await details(row, actor.userId, tx), created: inserted };
    });
  }

  /** The author changes rating, comment and/or visibility. */
  function update(actor: Actor, id: string, patch: ReviewPatch): Promise<ReviewDetails> {
    return db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      assertAuthor(current, actor.userId);
      const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length > 0) await reviews.update(id, changes, tx);
      const row = await reviews.findById(id, tx);
      if (!row) throw new NotFoundError();
      return details(row, actor.userId, tx);
    });
  }

  /** The author deletes: the status becomes deleted, the row stays (moderation keeps it). */
  function remove(actor: Actor, id: string): Promise<void> {
    return db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      assertAuthor(current, actor.userId);
      await reviews.update(id, { status: 'deleted' }, tx);
    });
  }

  async function reply(actor: Actor, id: string, input: ReplyInput): Promise<ReplyWithAuthor> {
    const { review } = await visible(id, actor);
    const author = await reviews.findAuthor(actor.userId);
    if (!author) throw new NotFoundError();
    const created = await reviews.insertReply(id, actor.userId, input.text);
    if (review.userId !== actor.userId) {
      await events?.emit('review.replied', {
        reviewId: id,
        bookId: review.bookId,
        reviewAuthorId: review.userId,
        replyId: created.id,
        actorId: actor.userId,
      });
    }
    return { reply: created, author };
  }

  /** Sets or clears the caller's one reaction; the counts come from the reactions table. */
  async function react(actor: Actor, id: string, input: ReactionInput): Promise<ReactionCounts> {
    const { review } = await visible(id, actor);
    const before = (await reviews.reactionCounts(id, actor.userId)).mine;
    await reviews.setReaction(id, actor.userId, input.type);
    if (before !== input.type) {
      await events?.emit('review.reacted', {
        reviewId: id,
        bookId: review.bookId,
        reviewAuthorId: review.userId,
        actorId: actor.userId,
        type: input.type,
      });
    }
    return reviews.reactionCounts(id, actor.userId);
  }

  /**
   * Records a report; reports from `REVIEW_LIMITS.flagAfterReports` distinct users flag an approved
   * review (hidden from the public list until an admin acts). The review row is locked so two
   * concurrent reports cannot both miss the threshold.
   */
  async function report(actor: Actor, id: string, reason: string): Promise<void> {
    await visible(id, actor);
    const { reportId, bookId } = await db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      const reporters = await reviews.report(id, actor.userId, reason, tx);
      if (reporters >= REVIEW_LIMITS.flagAfterReports && current.status === 'approved') {
        await reviews.update(id, { status: 'flagged' }, tx);
      }
      return { reportId: await reviews.reportId(id, actor.userId, tx), bookId: current.bookId };
    });
    if (reportId) {
      await events?.emit('report.created', {
        kind: 'review',
        reportId,
        targetId: id,
        bookId,
        actorId: actor.userId,
        reason,
      });
    }
  }

  /** The ratings the reader gave (reviews not deleted), for their stats. */
  function ratingsBy(userId: string): Promise<{ rating: number; createdAt: Date }[]> {
    return reviews.ratingsBy(userId);
  }

  return { listForBook, submit, update, remove, reply, react, report, ratingsBy };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
