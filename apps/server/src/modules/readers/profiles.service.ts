import { READER_LIMITS, type ReaderPrivacy } from '@nebab/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { ListSummaryView } from '../lists/lists.service.js';
import type { Actor } from '../../lib/actor.js';
import type { BookTile } from '../books/book-card.js';
import type { ProfileAccess } from './readers.policy.js';
import type { FollowRowState, ReaderRow } from './readers.repository.js';
import type { ReadersDirectoryRepository } from './readers.directory.repository.js';
import type { RelationshipsService } from './relationships.service.js';
import type { VisibilityPolicy } from './visibility.policy.js';

/**
 * What a profile shows of other modules, each answered by that module's service. Each count comes
 * with the rows it counts, so a profile never counts what it would not show.
 */
export interface ProfileSources {
  shelves(
    userId: string,
    perShelf: number,
  ): Promise<
    Array<{
      status: 'wantToRead' | 'currentlyReading' | 'completed';
      count: number;
      books: BookTile[];
    }>
  >;
  /** The latest public reviews the profile shows, and how many there are. */
  recentReviews(
    userId: string,
    limit: number,
  ): Promise<{
    rows: Array<{ review: { id: string; rating: number; comment: string; createdAt: Date }; book: BookTile }>;
    total: number;
  }>;
  /** The owner's lists; private ones only when `includePrivate`. */
  lists(
    ownerId: string,
    includePrivate: boolean,
    limit: number,
  ): Promise<{ views: ListSummaryView[]; total: number }>;
  /** The reader's public clubs; their member counts as `viewer` sees the member lists. */
  clubs(
    viewer: Actor | null,
    userId: string,
    limit: number,
  ): Promise<
    Array<{
      id: string;
      name: string;
      genreFocus: string | null;
      role: 'member' | 'moderator';
      memberCount: number;
    }>
  >;
}

export interface ProfilesServiceDeps {
  relationships: Pick<RelationshipsService, 'followCounts'>;
  /** How much of a profile the asker sees. */
  visibility: Pick<VisibilityPolicy, 'accessOf'>;
  sources: ProfileSources;
  /** The public profiles listed in the sitemap. */
  directory?: ReadersDirectoryRepository;
}

/** A profile as one asker may see it (`access` card: the sections stay empty). */
export interface ProfileView {
  reader: ReaderRow;
  privacy: ReaderPrivacy;
  access: Exclude<ProfileAccess, 'hidden'>;
  self: boolean;
  follow: FollowRowState | null;
  followsYou: FollowRowState | null;
  /** As the asker sees the follower lists. */
  followCounts: { followers: number; following: number };
  /**
   * What the profile shows, counted: books read (the completed shelf; null when the reading list is
   * not shown) and public reviews. Null for a card.
   */
  counts: { booksRead: number | null; reviews: number } | null;
  /** Null when the reader hides their reading list (or the asker sees the card only). */
  shelves: Awaited<ReturnType<ProfileSources['shelves']>> | null;
  reviews: Awaited<ReturnType<ProfileSources['recentReviews']>>['rows'];
  lists: ListSummaryView[];
  listCount: number;
  clubs: Awaited<ReturnType<ProfileSources['clubs']>>;
}

/**
 * Public profiles (`/reader/{id}`): the reader's card, counts, shelves, recent reviews, lists and
 * clubs, as the asker may see them. `publicProfile` is the anonymous view (for server-rendered pages).
 */
export function createProfilesService({
  relationships,
  visibility,
  sources,
  directory,
}: ProfilesServiceDeps) {
  async function profile(viewer: Actor | null, readerId: string): Promise<ProfileView> {
    const found = await visibility.accessOf(viewer, readerId);
    if (found.access === 'hidden') throw new NotFoundError();
    const self = viewer?.userId === readerId;
    const followCounts = await relationships.followCounts(viewer, readerId);
    const base = {
      reader: found.reader,
      privacy: found.privacy,
      self,
      follow: found.follow,
      followsYou: found.followsYou,
      followCounts,
    };
    if (found.access === 'card')
      return {
        ...base,
        access: 'card',
        counts: null,
        shelves: null,
        reviews: [],
        lists: [],
        listCount: 0,
        clubs: [],
      };
    const showShelves = found.privacy.showReadingList;
    const [shelves, reviews, lists, clubs] = await Promise.all([
      showShelves ? sources.shelves(readerId, READER_LIMITS.shelfBooks) : Promise.resolve(null),
      sources.recentReviews(readerId, READER_LIMITS.recentReviews),
      sources.lists(readerId, self, READER_LIMITS.profileLists),
      sources.clubs(viewer, readerId, READER_LIMITS.profileClubs),
    ]);
    const completed = shelves?.find((shelf) => shelf.status === 'completed');
    return {
      ...base,
      access: 'full',
      counts: { booksRead: shelves ? (completed?.count ?? 0) : null, reviews: reviews.total },
      shelves,
      reviews: reviews.rows,
      lists: lists.views,
      listCount: lists.total,
      clubs,
    };
  }

  return {
    profile,
    /** The profile an anonymous visitor sees (404 unless public or followers-only); for SSR and meta tags. */
    publicProfile: (readerId: string) => profile(null, readerId),
    /** Public profiles of active readers for the sitemap. */
    sitemap: {
      count: async () => (directory ? directory.countPublic() : 0),
      page: async (offset: number, limit: number) => (directory ? directory.publicPage(offset, limit) : []),
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
