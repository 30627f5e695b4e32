import { sql, type SQL } from 'drizzle-orm';
import { escapeLike, textArray } from '../../db/sql-helpers.js';
import type { TextQuery } from './text-query.js';

/** The candidates' columns the score reads. */
export const SCORE_COLUMNS = sql.raw(
  'b.id, b.title, b.ratings_count, b.want_to_read_count, b.search_vector, b.search_keys, b.title_words, ' +
    'b.series_words, b.series_number, b.title_key, b.title_latin, b.isbn10, b.isbn13, b.geez',
);

export const tsq = (text: string | null) =>
  text === null ? sql`NULL::tsquery` : sql`to_tsquery('simple', ${text})`;

/** One source of matches: its condition (alias `b`), and whether it finds few books at most. */
export interface TextSource {
  condition: SQL;
  /**
   * An ISBN, or a Ge'ez query's keys among foreign titles (ሃሪ ፖተር): a handful of books. Filters are
   * checked on its rows rather than in its index scan: the planner, blind to how few they are,
   * would AND them with a filter's bitmap of a hundred thousand books.
   */
  few: boolean;
}

/**
 * The sources of a text's matches: its own (`narrow`: those alone — the books the words as typed
 * find) and its wider reading's (`TextQuery.wider`), each condition once.
 */
export function sources(text: TextQuery, narrow = false): TextSource[] {
  const found = new Map<string, TextSource>();
  for (let reading: TextQuery | null = text; reading; reading = narrow ? null : reading.wider) {
    if (reading.words)
      found.set(`w ${reading.words}`, {
        condition: sql`b.search_vector @@ ${tsq(reading.words)}`,
        few: false,
      });
    // Latin keys of a Latin query look for books written in Ge'ez (Amharic typed in Latin letters);
    // those of a Ge'ez query for a foreign book whose title it spells (ሃሪ ፖተር).
    if (reading.keys)
      found.set(
        `k ${reading.keys}`,
        reading.ethiopic
          ? { condition: sql`NOT b.geez AND b.search_keys @@ ${tsq(reading.keysTitle)}`, few: true }
          : { condition: sql`b.geez AND b.search_keys @@ ${tsq(reading.keys)}`, few: false },
      );
    const isbn = reading.isbn;
    if (isbn)
      found.set(`i ${isbn.isbn13}`, {
        condition: isbn.isbn10
          ? sql`(b.isbn13 = ${isbn.isbn13} OR b.isbn10 = ${isbn.isbn10})`
          : sql`b.isbn13 = ${isbn.isbn13}`,
        few: true,
      });
  }
  return [...found.values()];
}

/** Any source matches (for an index walk in a sorted order; `narrow`: as in `sources`). */
export function anyTextCondition(text: TextQuery, narrow = false): SQL {
  const found = sources(text, narrow);
  return found.length === 0
    ? sql`false`
    : sql`(${sql.join(
        found.map((source) => source.condition),
        sql` OR `,
      )})`;
}

/** A volume's position in its series ('1', '2.5'); null for none or a range ('1-7': a boxed set). */
const SERIES_POSITION = sql.raw(
  "CASE WHEN b.series_number ~ '^[0-9]{1,4}(\\.[0-9]+)?$' THEN b.series_number::numeric END",
);

/** A phrase (letters, digits and spaces, but escaped all the same) as a literal in a regular expression. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Relevance of a candidate (alias `b`, the SCORE_COLUMNS). In points:
 * - its ISBN was typed: 100 (search goes straight to it);
 * - the typed words read as a series' name: 15 less a hundredth of the volume's number, and nothing
 *   else counts (a series lists in its order, the first book first, an omnibus titled as the series
 *   right after it, prequels numbered below 1, boxed sets and volumes with no number after the
 *   numbered ones; popularity only breaks ties);
 * - the typed words read as the whole title: 3 (the whole title but for the end of an unfinished
 *   last word: 2.9; its start: 1; every title word among the typed ones, as in "1984 orwell": 0.6);
 * - where the words are: all in an author's name 2.5 (1.2 for a single word, as often a first name:
 *   the author's own books, most read first, before books whose title names them: no title points
 *   then), split between title and author 1.5
 *   ("hobbit tolkien"), all in the title 1;
 * - Latin keys (Amharic typed in Latin letters, Ge'ez typed for a foreign title) earn the same
 *   points by where they are, plus 2.5 for the whole title (0.8 for its start); the better of
 *   the words' and the keys' points counts (a Ge'ez query's keys 1.5 less: its own words first;
 *   Latin words whose every key is one of Ge'ez books' 1 more: they read as Amharic);
 * - popularity (0.1 × log ratings: the most read first) and, but among an author's books, the text
 *   rank (title weighs more than authors, than descriptions; 0.3 ×) order the rest;
 * - a book found only by a wider reading of the words (a search's known last word read as
 *   unfinished, "harry pot"; known words respelt, "jane austin"): its points for that reading, 25
 *   less — below every book the words as typed find.
 */
export function score(text: TextQuery): SQL {
  if (!text.wider) return wholeScore(text);
  // A wider reading ("harry pot" with pot:*, "jane austin" respelt): its books rank below every book
  // the words as typed find.
  return sql`CASE WHEN ${anyTextCondition(text, true)} THEN ${wholeScore(text)}
                  ELSE ${score(text.wider)} - ${WIDER_BELOW} END`;
}

/** What a book only a wider reading finds loses: more than any score but an ISBN's. */
const WIDER_BELOW = 25;

function wholeScore(text: TextQuery): SQL {
  // The most read first: log of the ratings (a read each), as Goodreads counts them.
  const parts: SQL[] = [sql`0.1 * ln(1 + b.ratings_count)`];
  if (text.isbn)
    parts.push(
      sql`CASE WHEN b.isbn13 = ${text.isbn.isbn13} OR b.isbn10 = ${text.isbn.isbn10 ?? ''} THEN 100 ELSE 0 END`,
    );
  // Points for what the typed words are to the title (any reading of them).
  // When the words name an author (two words or more: one alone is as often a first name), a title
  // that merely is or holds that name (a book about them) earns a third of the title points.
  const aboutAuthor =
    text.contentWords > 1 ? sql` * CASE WHEN b.any_author AND NOT b.author_hit THEN 0.3 ELSE 1 END` : sql``;
  // An exact title without a parenthetical (the work itself, not "(Part 3)") goes first.
  const whole = sql`CASE WHEN b.title_words = ${text.phrase} AND b.title !~ '\\)\\s*$' THEN 0.1 ELSE 0 END`;
  const titleBonus = (): SQL => {
    if (text.phrases.length === 0) return sql`0`;
    const words = [...new Set(text.phrases.flatMap((phrase) => phrase.split(' ')))];
    // The last word unfinished: the whole title typed but for the end of its last word.
    const unfinished = text.choices.at(-1)?.prefix
      ? sql`WHEN b.title_words ~ ANY(${textArray(text.phrases.map((phrase) => `^${escapeRegex(phrase)}[^ ]*$`))}) THEN 2.9
            WHEN b.title_words LIKE ANY(${textArray(text.phrases.map((phrase) => `${escapeLike(phrase)}%`))}) THEN 1`
      : sql``;
    return sql`(CASE WHEN b.title_words = ANY(${textArray(text.phrases)}) THEN 3 + ${whole}
                     ${unfinished}
                     WHEN b.title_words LIKE ANY(${textArray(text.phrases.map((phrase) => `${escapeLike(phrase)} %`))}) THEN 1
                     WHEN b.title_words <> '' AND string_to_array(b.title_words, ' ') <@ ${textArray(words)} THEN 0.6
                     ELSE 0 END)${aboutAuthor}`;
  };
  const keyTitleBonus = (): SQL =>
    text.keyPhrase
      ? sql`(CASE WHEN b.title_key = ${text.keyPhrase} THEN 2.5 + (CASE WHEN b.title !~ '\\)\\s*$' THEN 0.1 ELSE 0 END)
                  WHEN b.title_key = ANY(${textArray(text.keyPhrases)}) THEN 2
                  WHEN b.title_key LIKE ${`${escapeLike(text.keyPhrase)} %`} THEN 0.8 ELSE 0 END)${aboutAuthor}`
      : sql`0`;
  // Where the words are: an author's name (their books by popularity alone: a title naming them
  // earns nothing more), the title, or split between them.
  // One word alone is as often a first name as an author ("emma", "fikir"): it counts less.
  const authorPoints = text.contentWords > 1 ? 2.5 : 1.2;
  const rank = (vector: SQL, query: string | null) =>
    sql`0.3 * coalesce(ts_rank('{0.05, 0.1, 0.3, 1.0}', ${vector}, ${tsq(query)}), 0)`;
  // An author's books rank by popularity alone; elsewhere the text rank adds its few tenths.
  const placed = (
    vector: SQL,
    query: string | null,
    author: string | null,
    title: string | null,
    either: string | null,
    bonus: SQL,
  ) =>
    sql`CASE WHEN ${vector} @@ ${tsq(author)} THEN ${authorPoints}
             WHEN ${vector} @@ ${tsq(title)} THEN 1 + ${bonus} + ${rank(vector, query)}
             WHEN ${vector} @@ ${tsq(either)} THEN 1.5 + ${bonus} + ${rank(vector, query)}
             ELSE ${bonus} + ${rank(vector, query)} END`;
  // Every word had to be corrected: weaker evidence than words typed right (or keys that match),
  // weaker still when a word is two edits from anything known.
  const guessed = text.choices.every((choice) => !choice.keepsTyped)
    ? text.choices.some((choice) => choice.distance > 1)
      ? sql` * 0.5`
      : sql` * 0.7`
    : sql``;
  const wordPlace = text.words
    ? sql`(${placed(sql`b.search_vector`, text.words, text.author, text.title, text.titleAuthor, titleBonus())})${guessed}`
    : titleBonus();
  if (text.keys) {
    // A Ge'ez query's own words come first; its keys find foreign titles written in Ge'ez (ሃሪ ፖተር).
    const keyPlace = placed(
      sql`b.search_keys`,
      text.keys,
      text.keysAuthor,
      text.keysTitle,
      text.keysTitleAuthor,
      keyTitleBonus(),
    );
    const keyAdjustment = text.ethiopic ? sql` - 1.5` : text.keysReadAsAmharic ? sql` + 1` : sql``;
    parts.push(sql`greatest(${wordPlace}, ${keyPlace}${keyAdjustment})`);
    // Among titles with the same consonants, the one whose vowels the reader typed.
    if (!text.ethiopic && text.latin) parts.push(sql`0.5 * similarity(b.title_latin, ${text.latin})`);
  } else {
    parts.push(wordPlace);
  }
  const points = sql.join(parts, sql` + `);
  if (text.phrases.length === 0) return points;
  // A series named: its volumes in their order, before anything else the words find; the whole work
  // titled as the series (the omnibus "The Lord of the Rings") right after the first book, a boxed
  // set ("1-7") or a volume with no number after the numbered ones.
  return sql`CASE WHEN b.series_words = ANY(${textArray(text.phrases)})
                  THEN ${SERIES_POINTS} - 0.01 * least(coalesce(
                         CASE WHEN ${SERIES_POSITION} >= 1 THEN ${SERIES_POSITION} ELSE 500 + ${SERIES_POSITION} END,
                         CASE WHEN b.title_words = b.series_words THEN 1.5 ELSE 999 END), 999)
                       + 0.0001 * ln(1 + b.ratings_count)
                  ELSE ${points} END`;
}

/** A volume of a series named by the words: more than any other reading of them but an ISBN. */
const SERIES_POINTS = 15;

/**
 * Which candidates relevance scores when there are more than RANK_WINDOW: the title read exactly
 * (in words or in keys) first, then the books the words themselves match (before key-only matches),
 * then the most rated — so a book nobody rated yet (most Ethiopian ones) is never cut from the window
 * by popular near-misses.
 */
export function windowOrder(text: TextQuery): SQL {
  const parts: SQL[] = [];
  // The words as typed before a wider reading of them.
  if (text.wider) parts.push(sql`(${anyTextCondition(text, true)}) DESC`);
  if (text.phrases.length) parts.push(sql`(b.title_words = ANY(${textArray(text.phrases)})) DESC`);
  if (text.keyPhrases.length) parts.push(sql`(b.title_key = ANY(${textArray(text.keyPhrases)})) DESC`);
  if (text.words && text.keys) parts.push(sql`(b.search_vector @@ ${tsq(text.words)}) DESC`);
  return parts.length ? sql.join(parts, sql`, `) : sql`true`;
}

/** The words (or the Latin keys) name one of the book's authors (alias `b`). */
export function authorHit(text: TextQuery): SQL {
  if (text.wider)
    return sql`CASE WHEN ${anyTextCondition(text, true)} THEN ${wholeAuthorHit(text)}
                    ELSE ${authorHit(text.wider)} END`;
  return wholeAuthorHit(text);
}

function wholeAuthorHit(text: TextQuery): SQL {
  const hits: SQL[] = [];
  if (text.author) hits.push(sql`b.search_vector @@ ${tsq(text.author)}`);
  if (text.keysAuthor && !text.ethiopic)
    hits.push(sql`coalesce(b.search_keys @@ ${tsq(text.keysAuthor)}, false)`);
  return hits.length ? sql`(${sql.join(hits, sql` OR `)})` : sql`false`;
}
