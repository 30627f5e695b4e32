import {
  isGenreSlug,
  LIST_LIMITS,
  type BookListInput,
  type BookListPatch,
  type GenreCommunityQuery,
  type ListVoteResult,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { lockCap } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { BookListRow } from '../../db/schema/index.js';
import type { ListsDirectoryRepository } from './lists.directory.repository.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { BookTile } from '../books/book-card.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { MayPost } from '../users/posting.policy.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import { assertCanSee, assertOwner, canAddBooks, canVote, isOwner } from './lists.policy.js';
import type { ListItemRow, ListPatch, ListsRepository, ListWithOwner } from './lists.repository.js';

export interface ListsServiceDeps {
  db: Db;
  lists: ListsRepository;
  /** The books module: only an active book can be added. */
  books: Pick<BooksService, 'exists'>;
  events: DomainEvents;
  /** Readers who blocked each other see neither the other's lists nor who added a book. */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>;
  /** The public lists listed in the sitemap. */
  directory?: ListsDirectoryRepository;
  /** The posting policy (a confirmed address, when the site requires one): new lists. */
  mayPost?: MayPost;
}

/** A list as shown on cards: the row, its owner and the first books. */
export interface ListSummaryView extends ListWithOwner {
  preview: BookTile[];
}

/** A whole list as one asker sees it. */
export interface ListDetailView extends ListSummaryView {
  items: ListItemRow[];
  can: { edit: boolean; addBooks: boolean; vote: boolean };
}

const ITEM_KEY = 'book_list_items_pk';

export function createListsService({
  db,
  lists,
  books,
  events,
  visibility,
  directory,
  mayPost,
}: ListsServiceDeps) {
  async function withPreviews(rows: ListWithOwner[], tx: Db = db): Promise<ListSummaryView[]> {
    const previews = await lists.previews(
      rows.map((row) => row.list),
      LIST_LIMITS.previewBooks,
      tx,
    );
    return rows.map((row) => ({ ...row, preview: previews.get(row.list.id) ?? [] }));
  }

  /**
   * The list if `actor` may see it (else 404: private, or its owner blocked either way), with the
   * readers blocked either way with the actor (`hidden`). Never in a transaction.
   */
  async function seen(actor: Actor | null, id: string): Promise<{ found: ListWithOwner; hidden: string[] }> {
    const found = await lists.findById(id);
    if (!found) throw new NotFoundError();
    const hidden = await visibility.hiddenFrom(actor);
    assertCanSee(found.list, found.owner, actor, hidden.includes(found.list.ownerId));
    return { found, hidden };
  }

  async function visible(actor: Actor | null, id: string): Promise<ListWithOwner> {
    return (await seen(actor, id)).found;
  }

  /** The whole list for `actor`; who added a book is not named when that reader is in `hidden`. */
  async function detailOf(
    actor: Actor | null,
    found: ListWithOwner,
    hidden: readonly string[],
    tx: Db = db,
  ): Promise<ListDetailView> {
    const [summary] = await withPreviews([found], tx);
    const items = await lists.items(found.list, actor?.userId ?? null, hidden, tx);
    return {
      ...summary!,
      items,
      can: {
        edit: isOwner(found.list, actor),
        addBooks: canAddBooks(found.list, actor),
        vote: canVote(found.list, actor),
      },
    };
  }

  /** Keeps a list without a chosen genre in the genre most of its books share. */
  async function followBooksGenre(list: BookListRow, tx: Db): Promise<void> {
    if (list.genreChosen) return;
    const genre = await lists.dominantGenre(list.id, tx);
    if (genre !== list.genre) await lists.update(list.id, { genre }, tx);
  }

  /**
   * Creates a list owned by the caller; 409 past `LIST_LIMITS.perOwnerMax` (the reader's creations
   * queue on one lock, so parallel requests cannot all pass the count).
   */
  async function create(actor: Actor, input: BookListInput): Promise<ListDetailView> {
    await mayPost?.(actor);
    return db.transaction(async (tx) => {
      await lockCap(tx, 'lists.create', actor.userId);
      if ((await lists.countOwned(actor.userId, true, tx)) >= LIST_LIMITS.perOwnerMax)
        throw new ConflictError('lists.tooMany');
      const list = await lists.insert(
        {
          ownerId: actor.userId,
          title: input.title,
          description: input.description,
          visibility: input.visibility,
          mode: input.mode,
          genre: input.genre,
          genreChosen: input.genre !== null,
        },
        tx,
      );
      const found = await lists.findById(list.id, tx);
      if (!found) throw new NotFoundError();
      return detailOf(actor, found, [], tx);
    });
  }

  async function get(actor: Actor | null, id: string): Promise<ListDetailView> {
    const { found, hidden } = await seen(actor, id);
    return detailOf(actor, found, hidden);
  }

  /** The owner changes title, description, visibility, mode or genre (`null`: the books decide). */
  async function update(actor: Actor, id: string, patch: BookListPatch): Promise<ListDetailView> {
    const { found: current, hidden } = await seen(actor, id);
    assertOwner(current.list, actor);
    return db.transaction(async (tx) => {
      const found = await lists.findById(id, tx);
      if (!found) throw new NotFoundError();
      const changes: ListPatch = {};
      if (patch.title !== undefined) changes.title = patch.title;
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.visibility !== undefined) changes.visibility = patch.visibility;
      if (patch.mode !== undefined) changes.mode = patch.mode;
      if (patch.genre !== undefined) {
        changes.genre = patch.genre;
        changes.genreChosen = patch.genre !== null;
      }
      let list = found.list;
      if (Object.keys(changes).length > 0) {
        list = (await lists.update(id, changes, tx)) ?? list;
        // An open list becoming curated keeps the order its votes gave it.
        if (patch.mode === 'curated' && found.list.mode === 'open') {
          const ranked = await lists.items(found.list, null, [], tx);
          await lists.setPositions(
            id,
            ranked.map((item) => item.book.id),
            tx,
          );
        }
        if (patch.genre === null) await followBooksGenre(list, tx);
      }
      const reread = await lists.findById(id, tx);
      if (!reread) throw new NotFoundError();
      return detailOf(actor, reread, hidden, tx);
    });
  }

  async function remove(actor: Actor, id: string): Promise<void> {
    const found = await visible(actor, id);
    assertOwner(found.list, actor);
    await lists.remove(id);
  }

  /**
   * Adds a book: the owner on any list, anyone else on an open public list (403 on a curated one).
   * Adding to an open list votes for the book. 400 naming `bookId` for an unknown or inactive book;
   * 409 when it is already there or the list is full.
   */
  async function addBook(actor: Actor, id: string, bookId: string): Promise<ListDetailView> {
    const { found, hidden } = await seen(actor, id);
    if (!canAddBooks(found.list, actor))
      throw new AppError('FORBIDDEN', { messageKey: 'lists.curatedOwnerOnly' });
    const detail = await db.transaction(async (tx) => {
      const list = await lists.lock(id, tx);
      if (!list) throw new NotFoundError();
      if (!(await books.exists(bookId, false, tx)))
        throw new ValidationError({ bookId: 'lists.bookNotFound' });
      if (list.itemCount >= LIST_LIMITS.itemsMax) throw new ConflictError('lists.full');
      if (await lists.findItem(id, bookId, tx)) throw new ConflictError('lists.bookAlreadyThere', 'bookId');
      try {
        await lists.insertItem(id, bookId, actor.userId, tx);
      } catch (error) {
        if (isUniqueViolation(error, ITEM_KEY)) throw new ConflictError('lists.bookAlreadyThere', 'bookId');
        throw error;
      }
      if (list.mode === 'open') await lists.setVote(id, bookId, actor.userId, 1, tx);
      await lists.touch(id, tx);
      await followBooksGenre(list, tx);
      const reread = await lists.findById(id, tx);
      if (!reread) throw new NotFoundError();
      return detailOf(actor, reread, hidden, tx);
    });
    await events.emit('list.bookAdded', {
      listId: id,
      listTitle: detail.list.title,
      bookId,
      actorId: actor.userId,
      public: detail.list.visibility === 'public',
    });
    return detail;
  }

  /** Takes a book off: the owner, or the reader who added it (403 otherwise); 404 when not there. */
  async function removeBook(actor: Actor, id: string, bookId: string): Promise<void> {
    const found = await visible(actor, id);
    await db.transaction(async (tx) => {
      const list = await lists.lock(id, tx);
      if (!list) throw new NotFoundError();
      const item = await lists.findItem(id, bookId, tx);
      if (!item) throw new NotFoundError();
      if (!isOwner(found.list, actor) && item.addedBy !== actor.userId)
        throw new AppError('FORBIDDEN', { messageKey: 'lists.ownerOnly' });
      await lists.deleteItem(id, bookId, tx);
      await lists.touch(id, tx);
      await followBooksGenre(list, tx);
    });
  }

  /** The owner moves a book of a curated list to `position` (1-based; past the end: last). */
  async function moveBook(
    actor: Actor,
    id: string,
    bookId: string,
    position: number,
  ): Promise<ListDetailView> {
    const { found, hidden } = await seen(actor, id);
    assertOwner(found.list, actor);
    return db.transaction(async (tx) => {
      const list = await lists.lock(id, tx);
      if (!list) throw new NotFoundError();
      if (list.mode !== 'curated') throw new ConflictError('lists.openRankedByVotes');
      const order = await lists.positions(id, tx);
      const from = order.indexOf(bookId);
      if (from < 0) throw new NotFoundError();
      order.splice(from, 1);
      order.splice(Math.min(position - 1, order.length), 0, bookId);
      await lists.setPositions(id, order, tx);
      await lists.touch(id, tx);
      const reread = await lists.findById(id, tx);
      if (!reread) throw new NotFoundError();
      return detailOf(actor, reread, hidden, tx);
    });
  }

  /** Votes a book of an open list up (1) or takes the vote back (0); 409 on a curated list. */
  async function vote(actor: Actor, id: string, bookId: string, value: 0 | 1): Promise<ListVoteResult> {
    const found = await visible(actor, id);
    if (!canVote(found.list, actor)) throw new ConflictError('lists.curatedNoVotes');
    if (!(await lists.findItem(id, bookId))) throw new NotFoundError();
    await lists.setVote(id, bookId, actor.userId, value);
    return lists.voteState(id, bookId, actor.userId);
  }

  /** The caller's lists, private ones too. */
  async function mine(actor: Actor): Promise<ListSummaryView[]> {
    return withPreviews(await lists.ownedBy(actor.userId, true, LIST_LIMITS.perOwnerMax));
  }

  /** A profile's lists: public ones (and private ones for the owner), last changed first. */
  async function ofOwner(ownerId: string, includePrivate: boolean, limit: number) {
    const [rows, total] = await Promise.all([
      lists.ownedBy(ownerId, includePrivate, limit),
      lists.countOwned(ownerId, includePrivate),
    ]);
    return { views: await withPreviews(rows), total };
  }

  /** A genre's most voted public lists (404 for an unknown genre), none by readers blocked either way. */
  async function ofGenre(actor: Actor | null, slug: string, query: GenreCommunityQuery) {
    if (!isGenreSlug(slug)) throw new NotFoundError();
    const hidden = await visibility.hiddenFrom(actor);
    const { rows, total } = await lists.genreLists(slug, hidden, query);
    return { views: await withPreviews(rows), total };
  }

  /** Titles of the public lists among `ids` (the activity feed shows only those). */
  async function publicTitles(ids: string[]): Promise<Map<string, string>> {
    const basics = await lists.basics(ids);
    return new Map(
      [...basics.entries()]
        .filter(([, list]) => list.visibility === 'public')
        .map(([id, list]) => [id, list.title]),
    );
  }

  return {
    /** Public lists of active readers for the sitemap (private ones are never listed). */
    sitemap: {
      count: async () => (directory ? directory.countPublic() : 0),
      page: async (offset: number, limit: number) => (directory ? directory.publicPage(offset, limit) : []),
    },
    create,
    get,
    update,
    remove,
    addBook,
    removeBook,
    moveBook,
    vote,
    mine,
    ofOwner,
    ofGenre,
    publicTitles,
  };
}

export type ListsService = ReturnType<typeof createListsService>;
