import {
  DEFAULT_LANGUAGE,
  type Language,
  type Reply,
  type Review,
  type ReviewFeedItem,
  type ReviewStatus,
  type ReviewUser,
} from '@nebab/shared';
import { authorLine, coverCandidates } from '../books/books.presenter.js';
import { presentReaderCard } from '../users/reader-card.js';
import type { FeedReview, ReplyWithAuthor, ReviewAuthor, ReviewDetails } from './reviews.repository.js';

/** The author as shown: the reader card ("Deleted reader" for a deleted account). */
export function presentReviewUser(
  author: Pick<ReviewAuthor, 'id' | 'name' | 'profilePicture' | 'status'>,
  language: Language = DEFAULT_LANGUAGE,
): ReviewUser {
  return presentReaderCard(author, language);
}

/** Spec §3 Reply. */
export function presentReply(
  { reply, author }: ReplyWithAuthor,
  language: Language = DEFAULT_LANGUAGE,
): Reply {
  return {
    id: reply.id,
    user: presentReviewUser(author, language),
    date: reply.createdAt.toISOString(),
    text: reply.text,
  };
}

/** Spec §3 Review with the caller's reaction and the replies, oldest first. */
export function presentReview(
  { review, author, reactions, replies }: ReviewDetails,
  language: Language = DEFAULT_LANGUAGE,
): Review {
  return {
    id: review.id,
    reviewID: review.id,
    bookId: review.bookId,
    user: presentReviewUser(author, language),
    rating: review.rating,
    comment: review.comment,
    visibility: review.visibility === 'private' ? 'private' : 'public',
    spoiler: review.spoiler,
    status: review.status as ReviewStatus,
    imported: review.imported,
    timestamp: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    likes: reactions.likes,
    dislikes: reactions.dislikes,
    mine: reactions.mine,
    replies: replies.map((reply) => presentReply(reply, language)),
  };
}

/** A review of the public feed, with its book (cover addresses as in lists). */
export function presentFeedReview(
  { review, author, reactions, replyCount, book }: FeedReview,
  language: Language = DEFAULT_LANGUAGE,
): ReviewFeedItem {
  return {
    id: review.id,
    reviewID: review.id,
    user: presentReviewUser(author, language),
    rating: review.rating,
    comment: review.comment,
    timestamp: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    likes: reactions.likes,
    dislikes: reactions.dislikes,
    replyCount,
    book: {
      id: book.id,
      title: book.title,
      author: authorLine(book.authors),
      genre: book.genres[0] ?? null,
      language: book.language,
      coverCandidates: coverCandidates(book, 'list'),
    },
  };
}
