import { randomUUID } from 'node:crypto';
import type { adminBookEditSchema, approveSuggestionSchema, bookSuggestionInputSchema } from '@nebab/shared';
import { SUGGESTION_LIMITS, type AdminBooksQuery, type SuggestionStatus } from '@nebab/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { lockCap } from '../../db/locks.js';
import type { BookRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, RateLimitedError } from '../../lib/errors.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Storage } from '../../lib/storage.js';
import type { BookValues } from '../books/books.service.js';
import type { BooksService } from '../books/books.service.js';
import { sanitizeDescription } from '../../lib/description-html.js';
import type { Actor } from '../../lib/actor.js';
import type { AdminCatalogueRepository } from './admin-catalogue.repository.js';

export type AdminBookEdit = z.output<typeof adminBookEditSchema>;
export type SuggestionInput = z.output<typeof bookSuggestionInputSchema>;
export type ApproveInput = z.output<typeof approveSuggestionSchema>;

/** How many books each list of the reading insights shows. */
const INSIGHT_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** PostgreSQL SQLSTATE for a foreign-key violation (a table of another feature still points at the book). */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Maps the edit to columns. Every written column is recorded in `edited_fields`, so a catalogue
 * re-import keeps the admin's value. The description is sanitised HTML; a cover URL also becomes
 * the list thumbnail; a publication date also sets the year.
 */
export function editValues(edit: AdminBookEdit): { values: BookValues; columns: string[] } {
  const values: BookValues = {};
  const columns: string[] = [];
  const set = <K extends keyof BookValues>(key: K, value: BookValues[K], column: string) => {
    values[key] = value;
    columns.push(column);
  };
  if (edit.title !== undefined) set('title', edit.title, 'title');
  if (edit.authors !== undefined) {
    set('authors', edit.authors, 'authors');
    set('primaryAuthor', edit.authors[0] ?? null, 'primary_author');
  }
  if (edit.description !== undefined) {
    const clean = edit.description === null ? '' : sanitizeDescription(edit.description);
    set('description', clean || null, 'description');
  }
  if (edit.previewLink !== undefined) set('previewLink', edit.previewLink, 'preview_link');
  if (edit.viewability !== undefined) set('viewability', edit.viewability, 'viewability');
  if (edit.genres !== undefined) set('genres', [...new Set(edit.genres)], 'genres');
  if (edit.isbn10 !== undefined) set('isbn10', edit.isbn10, 'isbn10');
  if (edit.isbn13 !== undefined) set('isbn13', edit.isbn13, 'isbn13');
  if (edit.language !== undefined) set('language', edit.language, 'language');
  if (edit.pageCount !== undefined) set('pageCount', edit.pageCount, 'page_count');
  if (edit.publicationDate !== undefined) {
    set('publicationDate', edit.publicationDate, 'publication_date');
    set(
      'publicationYear',
      edit.publicationDate === null ? null : Number(edit.publicationDate.slice(0, 4)),
      'publication_year',
    );
  }
  if (edit.publisher !== undefined) set('publisher', edit.publisher, 'publisher');
  if (edit.coverUrl !== undefined) {
    set('coverUrl', edit.coverUrl, 'cover_url');
    set('thumbnailUrl', edit.coverUrl, 'thumbnail_url');
  }
  if (edit.status !== undefined) set('status', edit.status, 'status');
  return { values, columns };
}

export function createAdminCatalogueService(deps: {
  db: Db;
  repo: AdminCatalogueRepository;
  /** The books module: the book rows an admin reads, edits, adds (an approved suggestion) and deletes. */
  books: Pick<BooksService, 'findById' | 'insert' | 'update' | 'remove'>;
  storage: Storage;
  events: DomainEvents;
  /** After a book was added, edited or removed: caches (trending) and search's vocabulary catch up. */
  onCatalogueChanged: () => Promise<void>;
}) {
  const { db, repo, books, storage, events, onCatalogueChanged } = deps;

  async function book(id: string): Promise<BookRow> {
    const found = await books.findById(id);
    if (!found) throw new NotFoundError();
    return found;
  }

  return {
    stats: () => repo.stats(),

    listBooks: (query: AdminBooksQuery) => repo.listBooks(query),

    book,

    async editBook(id: string, edit: AdminBookEdit): Promise<BookRow> {
      const current = await book(id);
      const { values, columns } = editValues(edit);
      if (columns.length === 0) return current;
      const row = await books.update(id, values, columns);
      if (!row) throw new NotFoundError();
      await onCatalogueChanged();
      return row;
    },

    /** Stores an uploaded cover image (already sniffed) and drops the previous upload. */
    async setCover(id: string, cover: { data: Buffer; extension: string }): Promise<BookRow> {
      const current = await book(id);
      const key = `covers/${id}-${randomUUID().slice(0, 8)}.${cover.extension}`;
      await storage.put(key, cover.data);
      let row: BookRow | undefined;
      try {
        row = await books.update(id, { coverPath: key }, ['cover_path']);
      } catch (error) {
        await storage.remove(key).catch(() => undefined);
        throw error;
      }
      if (!row) {
        await storage.remove(key).catch(() => undefined);
        throw new NotFoundError();
      }
      if (current.coverPath && current.coverPath !== key)
        await storage.remove(current.coverPath).catch(() => undefined);
      return row;
    },

    async removeCover(id: string): Promise<BookRow> {
      const current = await book(id);
      if (!current.coverPath) return current;
      const row = await books.update(id, { coverPath: null }, ['cover_path']);
      if (!row) throw new NotFoundError();
      await storage.remove(current.coverPath).catch(() => undefined);
      return row;
    },

    /** What deleting the book also removes (shown in the confirmation). */
    async usage(id: string) {
      await book(id);
      return repo.bookUsage(id);
    },

    /**
     * Deletes the book; its reading-list entries, reviews, reports and activity cascade. A table of
     * another feature that still refers to it (e.g. a club's current book) answers 409.
     */
    async deleteBook(id: string): Promise<void> {
      let removed: BookRow | undefined;
      try {
        removed = await books.remove(id);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new ConflictError('adminCatalogue.bookInUse');
        throw error;
      }
      if (!removed) throw new NotFoundError();
      await onCatalogueChanged();
      for (const key of [removed.coverPath, removed.filePath])
        if (key) await storage.remove(key).catch(() => undefined);
    },

    async readingInsights() {
      const [totals, mostAdded, mostReading, mostCompleted, mostFavorited] = await Promise.all([
        repo.readingTotals(),
        repo.topBooks('any', INSIGHT_LIMIT),
        repo.topBooks('currentlyReading', INSIGHT_LIMIT),
        repo.topBooks('completed', INSIGHT_LIMIT),
        repo.topBooks('favorite', INSIGHT_LIMIT),
      ]);
      return { totals, mostAdded, mostReading, mostCompleted, mostFavorited };
    },

    /**
     * A reader suggests a book. At most SUGGESTION_LIMITS.pendingMax waiting and perDay a day per
     * reader (429 with the wait). Admins hear of it through `book.suggested`.
     */
    async suggest(actor: Actor, input: SuggestionInput) {
      const row = await db.transaction(async (tx) => {
        // The reader's suggestions queue on one lock: parallel requests cannot all pass the count.
        await lockCap(tx, 'books.suggest', actor.userId);
        const since = new Date(Date.now() - DAY_MS);
        const counts = await repo.suggestionCounts(actor.userId, since, tx);
        if (counts.pending >= SUGGESTION_LIMITS.pendingMax) throw new RateLimitedError(60 * 60);
        if (counts.recent >= SUGGESTION_LIMITS.perDay) {
          const until = (counts.oldestRecent?.getTime() ?? Date.now()) + DAY_MS;
          throw new RateLimitedError((until - Date.now()) / 1000);
        }
        return repo.insertSuggestion(
          {
            userId: actor.userId,
            title: input.title,
            author: input.author,
            isbn: input.isbn ?? null,
            language: input.language,
            note: input.note ?? null,
          },
          tx,
        );
      });
      await events.emit('book.suggested', { suggestionId: row.id, title: row.title, actorId: actor.userId });
      return row;
    },

    mySuggestions: (actor: Actor) => repo.suggestionsOf(actor.userId),

    suggestions: (status: SuggestionStatus) => repo.suggestionsByStatus(status),

    /**
     * Approves a pending suggestion: one transaction makes the `local-…` book (active, so search finds
     * it at once) and marks the suggestion. 404 unknown, 409 already decided.
     */
    async approve(actor: Actor, id: string, input: ApproveInput) {
      const result = await db.transaction(async (tx) => {
        const suggestion = await repo.suggestionForUpdate(id, tx);
        if (!suggestion) throw new NotFoundError();
        if (suggestion.status !== 'pending') throw new ConflictError('adminCatalogue.alreadyDecided');
        const bookId = `local-${randomUUID()}`;
        const author = input.author ?? suggestion.author;
        const isbn = suggestion.isbn;
        await books.insert(
          {
            id: bookId,
            source: 'local',
            title: input.title ?? suggestion.title,
            authors: [author],
            primaryAuthor: author,
            genres: input.genres ? [...new Set(input.genres)] : [],
            language: suggestion.language,
            isbn13: isbn && isbn.length === 13 ? isbn : null,
            isbn10: isbn && isbn.length === 10 ? isbn : null,
            viewability: 'NO_PAGES',
            status: 'active',
          },
          tx,
        );
        return repo.decideSuggestion(
          id,
          { status: 'approved', rejectReason: null, bookId, decidedBy: actor.userId, decidedAt: new Date() },
          tx,
        );
      });
      await onCatalogueChanged();
      return result;
    },

    async reject(actor: Actor, id: string, reason: string) {
      return db.transaction(async (tx) => {
        const suggestion = await repo.suggestionForUpdate(id, tx);
        if (!suggestion) throw new NotFoundError();
        if (suggestion.status !== 'pending') throw new ConflictError('adminCatalogue.alreadyDecided');
        return repo.decideSuggestion(
          id,
          {
            status: 'rejected',
            rejectReason: reason,
            bookId: null,
            decidedBy: actor.userId,
            decidedAt: new Date(),
          },
          tx,
        );
      });
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
