import type { Db } from '../../db/client.js';
import type { ClubRow } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { TILE_FIELDS, type BookTile } from '../books/book-card.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import { canSeeInside } from './clubs.policy.js';
import type { ClubFacts, ClubsRepository, MembershipState } from './clubs.repository.js';

/** A club with everything the Club shape shows, seen by one viewer. */
export interface ClubView extends ClubFacts {
  currentBook: BookTile | null;
  nextBook: BookTile | null;
}

/** A club as one viewer sees it: `restricted` when only the name may be shown. */
export interface ClubForViewer extends ClubView {
  restricted: boolean;
}

/** Things to announce once the transaction has committed. */
export type AfterCommit = Array<() => Promise<void>>;

/** Runs the announcements, in order. */
export async function runAfterCommit(after: AfterCommit): Promise<void> {
  for (const task of after) await task();
}

/**
 * What every part of the clubs service starts from: a club and the caller's state in it (404 when
 * there is no such club), and clubs as a viewer sees them, with their books from the books module.
 */
export function createClubAccess(deps: {
  db: Db;
  clubs: ClubsRepository;
  /** The books module: a club's current and next book (their tiles, even once inactive). */
  books: Pick<BooksService, 'cards'>;
}) {
  const { db, clubs, books } = deps;

  /**
   * The clubs as `viewerId` sees them, in order; `hidden`: the readers blocked either way with the
   * viewer (read before any transaction), left out of the counts.
   */
  async function forViewer(
    rows: ClubRow[],
    viewerId: string | null,
    tx: Db = db,
    hidden: readonly string[] = [],
  ): Promise<ClubForViewer[]> {
    const views = await clubs.views(rows, viewerId, tx, hidden);
    const bookIds = rows.flatMap((row) => [row.currentBookId, row.nextBookId]).filter((id) => id !== null);
    const tiles = new Map(
      (await books.cards(bookIds, { fields: TILE_FIELDS, includeInactive: true }, tx)).map((book) => [
        book.id,
        book,
      ]),
    );
    const tileOf = (id: string | null) => (id ? (tiles.get(id) ?? null) : null);
    return views.map((view) => ({
      ...view,
      currentBook: tileOf(view.club.currentBookId),
      nextBook: tileOf(view.club.nextBookId),
      restricted: !canSeeInside(view.club, view.membership === 'none' ? null : view.membership),
    }));
  }

  /** One club as `viewerId` sees it (`hidden` as for `forViewer`). */
  async function oneForViewer(
    row: ClubRow,
    viewerId: string | null,
    tx: Db = db,
    hidden: readonly string[] = [],
  ): Promise<ClubForViewer> {
    const [view] = await forViewer([row], viewerId, tx, hidden);
    if (!view) throw new NotFoundError();
    return view;
  }

  /** The club and the caller's state in it; 404 when there is no such club. */
  async function access(
    clubId: string,
    actor: Actor | null,
    tx: Db = db,
  ): Promise<{ club: ClubRow; state: MembershipState | null }> {
    const club = await clubs.findById(clubId, tx);
    if (!club) throw new NotFoundError();
    const state = actor ? await clubs.membershipOf(clubId, actor.userId, tx) : null;
    return { club, state };
  }

  /** Like `access`, with the club row locked for the transaction. */
  async function lockedAccess(clubId: string, actor: Actor, tx: Db) {
    const club = await clubs.lock(clubId, tx);
    if (!club) throw new NotFoundError();
    return { club, state: await clubs.membershipOf(clubId, actor.userId, tx) };
  }

  return { forViewer, oneForViewer, access, lockedAccess };
}

export type ClubAccess = ReturnType<typeof createClubAccess>;
