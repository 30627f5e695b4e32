import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsbn } from './query.js';
import { editDistance } from '../../lib/edit-distance.js';
import { correctWords, Lexicon } from './spelling.js';

function lexicon(words: Record<string, number>): Lexicon {
  const lex = new Lexicon();
  for (const [term, books] of Object.entries(words)) lex.set(term, books);
  return lex;
}

const VOCABULARY = lexicon({
  tolkien: 12,
  token: 3,
  pride: 20,
  and: 4000,
  prejudice: 6,
  lord: 40,
  of: 3000,
  the: 4700,
  rings: 9,
  fahrenheit: 2,
  harry: 30,
  mary: 45,
  potter: 25,
  great: 48,
  gatsby: 1,
  giver: 3,
  governor: 4,
});

describe('correctWords', () => {
  const read = (words: string[], lastIsPrefix = true) =>
    correctWords(words, VOCABULARY, { lastIsPrefix }).map((choice) =>
      choice.alternatives.map((a) => a.join(' ')),
    );

  it('leaves known words as typed', () => {
    expect(read(['harry', 'potter'])).toEqual([['harry'], ['potter']]);
  });

  it('offers the known words one edit away, the most common first', () => {
    expect(read(['tolkein'])[0]![0]).toBe('tolkien');
    expect(read(['pride', 'and', 'predjudice'])[2]).toContain('prejudice');
    // Both harry and mary are one edit from "hary": the other words of the query choose.
    expect(read(['hary', 'potter'])[0]).toEqual(expect.arrayContaining(['harry', 'mary']));
  });

  it('reaches two edits when other words are typed with it', () => {
    expect(read(['the', 'grate', 'gatsby'])[1]).toContain('great');
  });

  it('splits words run together and joins words split apart', () => {
    expect(read(['lordof', 'the', 'rings'])[0]).toContain('lord of');
    const joined = correctWords(['fahren', 'heit'], VOCABULARY, { lastIsPrefix: false });
    expect(joined).toHaveLength(1);
    expect(joined[0]!.alternatives[0]).toEqual(['fahrenheit']);
  });

  it('keeps the start of known words while it is typed, with a near word as another reading', () => {
    const [gover] = correctWords(['gover'], VOCABULARY, { lastIsPrefix: true });
    expect(gover!.prefix).toBe(true);
    expect(gover!.alternatives.map((a) => a[0])).toEqual(expect.arrayContaining(['gover', 'giver']));
    // In typeahead the word being typed stands alone.
    const [typing] = correctWords(['gover'], VOCABULARY, { lastIsPrefix: true, prefixWhenKnown: true });
    expect(typing!.alternatives).toEqual([['gover']]);
  });

  it('never corrects numbers, stop words or very short words', () => {
    const choices = correctWords(['451', 'xy'], VOCABULARY, {
      lastIsPrefix: false,
      skip: (word) => /^\d+$/.test(word),
    });
    expect(choices.map((choice) => choice.alternatives)).toEqual([[['451']], [['xy']]]);
  });
});

describe('parseIsbn', () => {
  it.each([
    ['9780439023481', '9780439023481', '0439023483'],
    ['0439023483', '9780439023481', '0439023483'],
    ['978-0-439-02348-1', '9780439023481', '0439023483'],
    ['ISBN 0-439-02348-3', '9780439023481', '0439023483'],
    ['isbn-13: 978 0 439 02348 1', '9780439023481', '0439023483'],
    ['439023483', '9780439023481', '0439023483'],
    ['080442957X', '9780804429573', '080442957X'],
  ])('reads %s', (q, isbn13, isbn10) => {
    expect(parseIsbn(q)).toEqual({ isbn13, isbn10 });
  });

  it('knows 979 ISBNs have no ISBN-10, and refuses numbers whose check digit fails', () => {
    expect(parseIsbn('9791032305690')?.isbn10).toBeNull();
    expect(parseIsbn('9780439023482')).toBeNull();
    expect(parseIsbn('0439023484')).toBeNull();
    expect(parseIsbn('1984')).toBeNull();
  });
});

describe('Lexicon.near', () => {
  it('finds every term within the edits that shares the first or the last letter, as a full scan does', () => {
    // Latin, Ge'ez and an astral letter (two UTF-16 units), so the buckets' letters and lengths are tested.
    const letter = fc.constantFrom('a', 'b', 'e', 'r', 'ፍ', 'ቅ', 'ር', '𝒜');
    const word = fc.array(letter, { minLength: 1, maxLength: 7 }).map((letters) => letters.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 60 }),
        word,
        fc.integer({ min: 1, max: 2 }),
        (terms, typed, max) => {
          const lex = new Lexicon();
          terms.forEach((term, i) => lex.set(term, i + 1));
          const first = (t: string) => [...t][0];
          const last = (t: string) => [...t].at(-1);
          const expected = terms
            .filter((term) => term !== typed && (first(term) === first(typed) || last(term) === last(typed)))
            .map((term) => ({ term, distance: editDistance(typed, term, max), books: lex.count(term) }))
            .filter((found) => found.distance <= max)
            .sort((a, b) => a.distance - b.distance || b.books - a.books || (a.term < b.term ? -1 : 1));
          expect(lex.near(typed, max)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
