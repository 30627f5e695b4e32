import {
  REVIEW_LIMITS,
  type ReactionInput,
  type ReplyInput,
  type ReviewFeedQuery,
  type ReviewInput,
  type ReviewPatch,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { ReviewRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError } from '../../lib/errors.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { MayPost } from '../users/posting.policy.js';
import type { RelationshipsService } from '../readers/relationships.service.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import { assertAuthor, canSeeReview } from './reviews.policy.js';
import {
  newReviewDetails,
  type ReactionCounts,
  type ReplyWithAuthor,
  type ReviewDetails,
  type ReviewsRepository,
  type ReviewWithAuthor,
} from './reviews.repository.js';

export interface ReviewsServiceDeps {
  db: Db;
  /** The posting policy (a confirmed address, when the site requires one): reviews and replies. */
  mayPost?: MayPost;
  reviews: ReviewsRepository;
  /** The books module: whether a book is active, and its `review` activity (trending). */
  books: Pick<BooksService, 'exists' | 'recordActivity'>;
  /**
   * Domain events (`review.replied`, `review.reacted`, `report.created`, `review.changed`), emitted
   * after commit.
   */
  events?: DomainEvents;
  /** Readers who blocked each other see neither the other's reviews nor their replies. */
  visibility: Pick<PeopleVisibility, 'hiddenFrom' | 'canSee'>;
  /** The visibility a reader's reviews take unless they pick one (their privacy choice). */
  relationships: Pick<RelationshipsService, 'reviewVisibilityOf'>;
}

/** A review as an import brings it (written by `reviews.import.repository.ts`). */
export type { ImportReview } from './reviews.import.repository.js';

export function createReviewsService({
  db,
  reviews,
  books,
  events,
  visibility: policy,
  relationships,
  mayPost,
}: ReviewsServiceDeps) {
  const { hiddenFrom } = policy;
  /** The reader's default for reviews written in Nebab: public unless they chose private. */
  const defaultVisibility = (userId: string) => relationships.reviewVisibilityOf(userId);

  /** The review's details for `viewerId`; `hidden` (their blocks) is read before any transaction. */
  async function details(
    row: ReviewWithAuthor,
    viewerId: string | null,
    tx: Db,
    hidden: readonly string[],
  ): Promise<ReviewDetails> {
    const [found] = await reviews.withDetails([row], viewerId, tx, hidden);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** The review if the caller may see it (not theirs to see, or its author blocked either way: 404). */
  async function visible(id: string, actor: Actor | null): Promise<ReviewWithAuthor> {
    const row = await reviews.findById(id);
    if (!row || !canSeeReview(row.review, actor?.userId ?? null)) throw new NotFoundError();
    if (!(await policy.canSee(actor, row.review.userId))) throw new NotFoundError();
    return row;
  }

  /** Tells the listeners (the activity feed) what became of a review. */
  async function changed(review: ReviewRow, created: boolean, ratingChanged: boolean): Promise<void> {
    await events?.emit('review.changed', {
      reviewId: review.id,
      bookId: review.bookId,
      authorId: review.userId,
      rating: review.rating,
      comment: review.comment,
      visible: review.status === 'approved' && review.visibility === 'public',
      created,
      ratingChanged,
    });
  }

  /**
   * A book's reviews for the caller (approved public ones plus the caller's own, none by readers
   * blocked either way); 404 for an unknown book.
   */
  async function listForBook(bookId: string, actor: Actor | null): Promise<ReviewDetails[]> {
    const viewerId = actor?.userId ?? null;
    const [exists, hidden] = await Promise.all([books.exists(bookId), hiddenFrom(actor)]);
    if (!exists) throw new NotFoundError();
    return reviews.withDetails(await reviews.listForBook(bookId, viewerId, hidden), viewerId, db, hidden);
  }

  /** A profile's recent reviews: the author's approved public reviews of active books, and their count. */
  function publicByAuthor(authorId: string, limit: number) {
    return reviews.publicByAuthor(authorId, limit);
  }

  /**
   * One review per reader per book: writes a new one (and a `review` activity for trending) or
   * replaces the reader's existing one, in one transaction. `created` tells which. The review's write
   * comes last before the commit: its trigger moves the book's rating under the book row's lock, which
   * every review of that book waits for (under bench:load two more round trips after it made a popular
   * book's reviews queue). Without a visibility it takes the reader's default; an imported review
   * written again becomes the reader's own, dated today.
   */
  async function submit(
    actor: Actor,
    bookId: string,
    input: ReviewInput,
  ): Promise<{ review: ReviewDetails; created: boolean }> {
    await mayPost?.(actor);
    const [exists, hidden, author, visibility] = await Promise.all([
      books.exists(bookId),
      hiddenFrom(actor),
      reviews.author(actor.userId),
      input.visibility ?? defaultVisibility(actor.userId),
    ]);
    if (!exists || !author) throw new NotFoundError();
    const outcome = await db.transaction(async (tx) => {
      const before = await reviews.findMine(actor.userId, bookId, tx);
      // No review yet: this one is new (a concurrent first review of the same reader and book would
      // replace it, and count twice in trending's activity).
      if (!before) await books.recordActivity({ bookId, userId: actor.userId, kind: 'review' }, tx);
      const { review, inserted } = await reviews.upsert(
        actor.userId,
        bookId,
        {
          rating: input.rating,
          comment: input.comment,
          visibility,
          spoiler: input.spoiler,
        },
        tx,
      );
      return { review, inserted, before };
    });
    const { review, inserted, before } = outcome;
    const row = { review, author };
    await changed(
      review,
      // A deleted review written again counts as new for the feed.
      inserted || before?.status === 'deleted',
      !!before && before.rating !== review.rating,
    );
    return {
      // A new review has no reactions or replies to read; a replaced one keeps its own.
      review: inserted ? newReviewDetails(row) : await details(row, actor.userId, db, hidden),
      created: inserted,
    };
  }

  /**
   * Recent approved public reviews across the catalogue (`/reviews`); anyone may read them, none by
   * readers blocked either way with the caller (nor their replies in the counts).
   */
  async function feed(actor: Actor | null, query: ReviewFeedQuery) {
    return reviews.feed(query, await hiddenFrom(actor));
  }

  /**
   * The author changes rating, comment and/or visibility. An imported review edited in Nebab becomes
   * the reader's own: dated today, with their default visibility unless the patch names one.
   */
  async function update(actor: Actor, id: string, patch: ReviewPatch): Promise<ReviewDetails> {
    const [hidden, visibility] = await Promise.all([
      hiddenFrom(actor),
      patch.visibility ?? defaultVisibility(actor.userId),
    ]);
    const outcome = await db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      assertAuthor(current, actor.userId);
      const changes: Parameters<typeof reviews.update>[1] = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      );
      if (current.imported && Object.keys(changes).length > 0)
        Object.assign(changes, { visibility, imported: false, createdAt: new Date() });
      if (Object.keys(changes).length > 0) await reviews.update(id, changes, tx);
      const row = await reviews.findById(id, tx);
      if (!row) throw new NotFoundError();
      return {
        details: await details(row, actor.userId, tx, hidden),
        row: row.review,
        ratingChanged: current.rating !== row.review.rating,
      };
    });
    await changed(outcome.row, false, outcome.ratingChanged);
    return outcome.details;
  }

  /** The author deletes: the status becomes deleted, the row stays (moderation keeps it). */
  async function remove(actor: Actor, id: string): Promise<void> {
    const removed = await db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      assertAuthor(current, actor.userId);
      return reviews.update(id, { status: 'deleted' }, tx);
    });
    if (removed) await changed(removed, false, false);
  }

  async function reply(actor: Actor, id: string, input: ReplyInput): Promise<ReplyWithAuthor> {
    await mayPost?.(actor);
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
    const { reportId, bookId, flagged } = await db.transaction(async (tx) => {
      const current = await reviews.findForUpdate(id, tx);
      if (!current) throw new NotFoundError();
      const reporters = await reviews.report(id, actor.userId, reason, tx);
      let flagged: ReviewRow | undefined;
      if (reporters >= REVIEW_LIMITS.flagAfterReports && current.status === 'approved') {
        flagged = await reviews.update(id, { status: 'flagged' }, tx);
      }
      return { reportId: await reviews.reportId(id, actor.userId, tx), bookId: current.bookId, flagged };
    });
    if (flagged) await changed(flagged, false, false);
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

  return { listForBook, publicByAuthor, feed, submit, update, remove, reply, react, report, ratingsBy };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
