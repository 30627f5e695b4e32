import {
  PROFILE_SHELVES,
  type FollowRequest,
  type FollowState,
  type Language,
  type ReaderCard,
  type ReaderProfile,
} from '@nebab/shared';
import { presentProfileBook } from '../books/books.presenter.js';
import { presentListSummary } from '../lists/lists.presenter.js';
import { presentReaderCard as presentReaderSummary } from '../users/reader-card.js';
import type { ProfileView } from './profiles.service.js';
import type { FollowRowState, RelatedReaderRow } from './readers.repository.js';

export function followStateOf(state: FollowRowState | null): FollowState {
  return state ?? 'none';
}

export function presentReaderCard(row: RelatedReaderRow & { follow: FollowRowState | null }): ReaderCard {
  return { ...presentReaderSummary(row), follow: followStateOf(row.follow) };
}

export function presentFollowRequest(row: RelatedReaderRow): FollowRequest {
  return { user: presentReaderSummary(row), requested_at: row.since.toISOString() };
}

/** `GET /api/readers/:id` from what the asker may see. */
export function presentProfile(view: ProfileView, language: Language): ReaderProfile {
  const { reader, privacy } = view;
  const full = view.access === 'full';
  const shelves = view.shelves
    ? PROFILE_SHELVES.map((status) => {
        const shelf = view.shelves?.find((candidate) => candidate.status === status);
        return { status, count: shelf?.count ?? 0, books: (shelf?.books ?? []).map(presentProfileBook) };
      })
    : [];
  return {
    id: reader.id,
    name: reader.name,
    profile_picture: reader.profilePicture,
    joined_at: reader.createdAt.toISOString(),
    location: full && privacy.showLocation && reader.location ? reader.location : null,
    visibility: privacy.profileVisibility,
    restricted: !full,
    viewer: {
      self: view.self,
      follow: followStateOf(view.follow),
      followsYou: view.followsYou === 'following',
    },
    counts: {
      followers: view.followCounts.followers,
      following: view.followCounts.following,
      booksRead: full ? (view.counts?.booksRead ?? null) : null,
      reviews: full ? (view.counts?.reviews ?? 0) : null,
      lists: full ? view.listCount : null,
    },
    readingListShown: full && view.shelves !== null,
    currentlyReading: shelves.find((shelf) => shelf.status === 'currentlyReading')?.books ?? [],
    shelves,
    recentReviews: view.reviews.map(({ review, book }) => ({
      id: review.id,
      book: presentProfileBook(book),
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt.toISOString(),
    })),
    lists: view.lists.map((list) => presentListSummary(list, language)),
    clubs: view.clubs.map((club) => ({
      id: club.id,
      name: club.name,
      genre_focus: club.genreFocus,
      member_count: club.memberCount,
      role: club.role,
    })),
  };
}
