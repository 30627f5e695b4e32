import { SHELF_LIMITS, shelfNameSchema, type ShelfInput } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { lockCap } from '../../db/locks.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ShelfRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import type { ShelfWithCount, ShelvesRepository } from './shelves.repository.js';

export interface ShelvesServiceDeps {
  db: Db;
  shelves: ShelvesRepository;
}

const UNIQUE_NAME = 'shelves_user_name_unique';

/**
 * A reader's own shelves. They are private: every call names the owner, and another reader's shelf
 * answers 404 as if it did not exist. `ensure` + `addBook` are what an importer (Goodreads shelves)
 * calls, with a user id rather than a signed-in actor.
 */
export function createShelvesService({ db, shelves }: ShelvesServiceDeps) {
  async function owned(userId: string, shelfId: string, tx: Db = db): Promise<ShelfRow> {
    const shelf = await shelves.find(userId, shelfId, tx);
    if (!shelf) throw new NotFoundError();
    return shelf;
  }

  /** The caller's shelves by name, with book counts. */
  function list(actor: Actor): Promise<ShelfWithCount[]> {
    return shelves.list(actor.userId);
  }

  /**
   * A new shelf; 409 when the caller already has one of that name (ignoring case) or 100 shelves (the
   * reader's creations queue on one lock, so parallel requests cannot all pass the count).
   */
  async function create(actor: Actor, input: ShelfInput): Promise<ShelfWithCount> {
    try {
      return await db.transaction(async (tx) => {
        await lockCap(tx, 'shelves.create', actor.userId);
        if ((await shelves.count(actor.userId, tx)) >= SHELF_LIMITS.perReader)
          throw new ConflictError('shelves.tooMany', 'name');
        return { shelf: await shelves.insert(actor.userId, input.name, tx), bookCount: 0 };
      });
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_NAME)) throw new ConflictError('shelves.nameTaken', 'name');
      throw error;
    }
  }

  async function rename(actor: Actor, shelfId: string, input: ShelfInput): Promise<ShelfWithCount> {
    try {
      const shelf = await shelves.rename(actor.userId, shelfId, input.name);
      if (!shelf) throw new NotFoundError();
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_NAME)) throw new ConflictError('shelves.nameTaken', 'name');
      throw error;
    }
    const found = (await shelves.list(actor.userId)).find((s) => s.shelf.id === shelfId);
    if (!found) throw new NotFoundError();
    return found;
  }

  /** Deletes the shelf (the books stay on the list). */
  async function remove(actor: Actor, shelfId: string): Promise<void> {
    if (!(await shelves.remove(actor.userId, shelfId))) throw new NotFoundError();
  }

  /**
   * The reader's shelf of that name (case-insensitive), created when missing: for importers, which
   * bring shelf names rather than ids. 400 for an empty or too long name.
   */
  async function ensure(userId: string, name: string): Promise<ShelfRow> {
    const parsed = shelfNameSchema.safeParse(name);
    if (!parsed.success)
      throw new ValidationError({ name: parsed.error.issues[0]?.message ?? 'validation.invalid' });
    const existing = await shelves.findByName(userId, parsed.data);
    if (existing) return existing;
    try {
      return await shelves.insert(userId, parsed.data);
    } catch (error) {
      // Created at the same moment by another request: take that one.
      if (isUniqueViolation(error, UNIQUE_NAME)) {
        const raced = await shelves.findByName(userId, parsed.data);
        if (raced) return raced;
      }
      throw error;
    }
  }

  /** Puts a book of the reader's list on their shelf (again is fine); 404 for a shelf not theirs or a book not on the list. */
  async function addBook(userId: string, shelfId: string, bookId: string): Promise<void> {
    await owned(userId, shelfId);
    const entryId = await shelves.entryIdOf(userId, bookId);
    if (!entryId) throw new NotFoundError('shelves.notOnList');
    await shelves.addEntry(shelfId, entryId);
  }

  /** Takes a book off the reader's shelf; 404 when it was not there. */
  async function removeBook(userId: string, shelfId: string, bookId: string): Promise<void> {
    await owned(userId, shelfId);
    const entryId = await shelves.entryIdOf(userId, bookId);
    if (!entryId || !(await shelves.removeEntry(shelfId, entryId))) throw new NotFoundError();
  }

  /** Entry ids on the caller's shelf (the reading list's shelf filter); 404 when the shelf is not theirs. */
  async function entryIdsOn(actor: Actor, shelfId: string): Promise<string[]> {
    await owned(actor.userId, shelfId);
    return shelves.entryIdsOn(shelfId);
  }

  return {
    list,
    create,
    rename,
    remove,
    ensure,
    addBook,
    removeBook,
    entryIdsOn,
    /** (entry, shelf) pairs of the reader's entries, for the reading list's cards. */
    shelvesOfEntries: shelves.shelvesOfEntries,
  };
}

export type ShelvesService = ReturnType<typeof createShelvesService>;
