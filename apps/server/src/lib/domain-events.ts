import type { ReadingListStatus } from '@nebab/shared';
import type { Logger } from './logger.js';

/**
 * What happened in the domain, for whoever cares (notifications, live pushes, the recommender).
 * Modules emit after their transaction commits; listeners never change the outcome of the request
 * that emitted, and a failing listener is logged, not thrown. Add an event here with its payload.
 */
export interface DomainEventMap {
  /** Someone replied to a review (not the author replying to themselves). */
  'review.replied': {
    reviewId: string;
    bookId: string;
    reviewAuthorId: string;
    replyId: string;
    actorId: string;
  };
  /** A reader liked or disliked a review (null = reaction removed). */
  'review.reacted': {
    reviewId: string;
    bookId: string;
    reviewAuthorId: string;
    actorId: string;
    type: 'like' | 'dislike' | null;
  };
  /** A reader reported a book or a review; admins hear of it. */
  'report.created': {
    kind: 'book' | 'review';
    reportId: string;
    targetId: string;
    bookId: string;
    actorId: string;
    reason: string;
  };
  /** A reader asked to join a private club; its moderators hear of it. */
  'club.joinRequested': { clubId: string; clubName: string; actorId: string; moderatorIds: string[] };
  /** A moderator approved (or declined) a join request. */
  'club.joinDecided': { clubId: string; clubName: string; userId: string; approved: boolean };
  /** A club's current book changed; members hear of it. */
  'club.currentBookChanged': {
    clubId: string;
    clubName: string;
    bookId: string;
    bookTitle: string;
    memberIds: string[];
    actorId: string;
  };
  /** A club's next meeting was set or moved; members hear of it. */
  'club.meetingScheduled': {
    clubId: string;
    clubName: string;
    startsAt: string;
    memberIds: string[];
    actorId: string;
  };
  /**
   * A reader became a member of a club (joined a public club at once, or a request was approved):
   * open member lists refresh (its moderators are told wherever they are) and the feed records it.
   */
  'club.memberJoined': {
    clubId: string;
    clubName: string;
    userId: string;
    visibility: 'public' | 'private';
    moderatorIds: string[];
  };
  /** A member left a club or was removed from it (their sockets leave the club's room). */
  'club.memberLeft': { clubId: string; userId: string; removedBy: string | null; moderatorIds: string[] };
  /** A reader suggested a book for the catalogue; admins hear of it. */
  'book.suggested': { suggestionId: string; title: string; actorId: string };
  /** Someone wrote through the contact form; admins hear of it. `actorId`: the signed-in sender. */
  'contact.received': {
    messageId: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    actorId: string | null;
  };
  /** A user's sessions ended (suspension, password change, logout everywhere): drop their sockets. */
  /** With `sessionId`, only that one session ended (a device removed in Settings). */
  'user.sessionsEnded': { userId: string; exceptSessionId?: string; sessionId?: string };
  /** A book entered the reader's list or changed status (`previous` null for a new entry). */
  'readingList.statusChanged': {
    userId: string;
    bookId: string;
    status: ReadingListStatus;
    previous: ReadingListStatus | null;
  };
  /**
   * A review was written, edited, deleted or moderated. `visible`: approved and public (everyone may
   * see it now); `created`: a new review; `ratingChanged`: an existing review got other stars.
   */
  'review.changed': {
    reviewId: string;
    bookId: string;
    authorId: string;
    rating: number;
    comment: string;
    visible: boolean;
    created: boolean;
    ratingChanged: boolean;
  };
  /** A book went on a reader's list. */
  'list.bookAdded': { listId: string; listTitle: string; bookId: string; actorId: string; public: boolean };
  /** A reader followed another (`requested` awaits the followee's approval). */
  'reader.followed': { followerId: string; followeeId: string; state: 'following' | 'requested' };
  /** A reader approved a follow request. */
  'reader.followAccepted': { followerId: string; followeeId: string };
  /** A reader blocked another: both stop seeing each other (follows are already gone). */
  'reader.blocked': { blockerId: string; blockedId: string };
  /** The public catalogue changed (a book checked, listed, merged or added): cached pages forget it. */
  'catalogue.changed': Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

export interface DomainEvents {
  /** Runs every listener of `name`; resolves when all have settled (errors are logged). */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
  /** Adds a listener; returns a function that removes it. */
  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void;
}

export function createDomainEvents(logger: Pick<Logger, 'error'>): DomainEvents {
  const listeners = new Map<DomainEventName, Set<Listener<never>>>();

  return {
    async emit(name, payload) {
      const set = listeners.get(name);
      if (!set?.size) return;
      await Promise.all(
        [...set].map(async (listener) => {
          try {
            await (listener as Listener<typeof name>)(payload);
          } catch (error) {
            logger.error({ err: error, event: name }, 'domain event listener failed');
          }
        }),
      );
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
  };
}
