import { Lexicon } from './spelling.js';
import type { SearchTermsRepository } from './search-terms.repository.js';

/** A node looks for vocabulary changes (books added or edited anywhere) at most this often. */
const REFRESH_MS = 5_000;

/**
 * The node's copy of search's vocabulary (words and Latin keys with their book counts), loaded once
 * and then kept current from the rows changed since: a search never waits for a refresh, which runs
 * in the background at most every REFRESH_MS.
 */
export class Vocabulary {
  readonly words = new Lexicon();
  readonly keys = new Lexicon();
  /** The oldest transaction running at the last look: the next look reads what it and later ones wrote. */
  private since: string | null = null;
  private loaded: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private checkedAt = 0;
  /**
   * Moves on whenever a look finds changed terms (a book added, edited, hidden or removed on any
   * node): answers kept under an older version are not given again.
   */
  version = 0;

  constructor(
    private readonly terms: SearchTermsRepository,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Resolves once the whole vocabulary was read (the first call reads it). */
  ready(): Promise<void> {
    this.loaded ??= this.read().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  /** Reads the changes since the last look now (after a local write, or in tests). */
  refresh(): Promise<void> {
    this.refreshing ??= this.read().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Starts a background refresh when the last look is older than REFRESH_MS. */
  touch(): void {
    if (Date.now() - this.checkedAt < REFRESH_MS || this.refreshing) return;
    void this.refresh().catch(this.onError);
  }

  private async read(): Promise<void> {
    this.checkedAt = Date.now();
    // A row read twice is harmless: rows hold absolute counts.
    const { rows, next } = await this.terms.changedSince(this.since);
    for (const row of rows)
      (row.kind === 'k' ? this.keys : this.words).set(row.term, row.books, row.geez_books);
    if (rows.length > 0) this.version += 1;
    this.since = next;
  }
}
