import type { Reply, Review, ReviewStatus, ReviewUser } from '@nebab/shared';
import type { ReplyWithAuthor, ReviewAuthor, ReviewDetails } from './reviews.repository.js';

function presentUser(author: ReviewAuthor): ReviewUser {
  return { id: author.id, name: author.name, profile_picture: author.profilePicture };
}

/** Spec §3 Reply. */
export function presentReply({ reply, author }: ReplyWithAuthor): Reply {
  return { id: reply.id, user: presentUser(author), date: reply.createdAt.toISOString(), text: reply.text };
}

/** Spec §3 Review with the caller's reaction and the replies, oldest first. */
export function presentReview({ review, author, reactions, replies }: ReviewDetails): Review {
  return {
    id: review.id,
    reviewID: review.id,
    bookId: review.bookId,
    user: presentUser(author),
    rating: review.rating,
    comment: review.comment,
    visibility: review.visibility === 'private' ? 'private' : 'public',
    status: review.status as ReviewStatus,
    timestamp: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    likes: reactions.likes,
    dislikes: reactions.dislikes,
    mine: reactions.mine,
    replies: replies.map(presentReply),
  };
}
