/** Realistic reader queries shared by the search and load benchmarks, by class. */
import type { SearchQueryInput } from '@nebab/shared';

export const QUERY_CLASSES = ['plain', 'typo', 'isbn', 'geez', 'latin-amharic', 'filters'] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

/** Full searches of each class (words, typos, ISBNs, Ge'ez, Latin-typed Amharic, with filters). */
export const SEARCH_CLASSES: Record<QueryClass, SearchQueryInput[]> = {
  plain: [
    { q: 'harry potter' },
    { q: 'hunger games' },
    { q: 'lord of the rings' },
    { q: 'tolkien' },
    { q: 'jane austen' },
    { q: 'stephen king' },
    { q: 'sherlock holmes' },
    { q: 'murakami' },
    { q: 'the great gatsby' },
    { q: 'mockingbird' },
    { q: 'game of thrones' },
    { q: 'dune' },
    { q: 'orwell 1984' },
    { q: 'hobbit tolkien' },
    { q: 'ethiopia' },
    { q: 'history of ethiopia' },
    { q: 'the night', page: 2 },
    { q: 'chris', sort: 'title' },
  ],
  typo: [
    { q: 'hary potter' },
    { q: 'tolkein' },
    { q: 'pride and predjudice' },
    { q: 'lord of the rigns' },
    { q: 'fahrenhiet 451' },
    { q: 'sherlok holmes' },
    { q: 'shakespear' },
    { q: 'the hunger gmaes' },
    { q: 'agatha cristie' },
    { q: 'murakmi' },
    { q: 'lordof the rings' },
    { q: 'gatsbyy' },
  ],
  isbn: [
    { q: '9780439023481' },
    { q: '0439023483' },
    { q: '978-0-439-02348-1' },
    { q: '439023483' },
    { q: 'ISBN 0-618-26030-7' },
    { q: '9780316015844' },
  ],
  geez: [
    { q: 'ፍቅር' },
    { q: 'ፍቅር እስከ መቃብር' },
    { q: 'ሐዲስ ዓለማየሁ' },
    { q: 'ሀዲስ አለማየሁ' },
    { q: 'ኦሮማይ' },
    { q: 'በዓሉ ግርማ' },
    { q: 'ታሪክ', language: 'am' },
    { q: 'ኢትዮጵያ' },
    { q: 'ሃሪ ፖተር' },
  ],
  'latin-amharic': [
    { q: 'fikir eske mekabir' },
    { q: 'fiqir iske meqabir' },
    { q: 'oromay' },
    { q: 'haddis alemayehu' },
    { q: 'bealu girma' },
    { q: 'kadmas bashager' },
    { q: 'tikusat' },
    { q: 'sebhat gebre egziabher' },
  ],
  filters: [
    { q: 'love', genre: 'romance' },
    { q: 'love', genre: 'romance', minRating: 4 },
    { q: 'war', genre: 'history', sort: 'rating' },
    { q: 'dragon', genre: 'fantasy', length: 'long' },
    { q: 'murder', ageGroup: 'Adult', yearFrom: 2000 },
    { q: 'magic', ageGroup: 'Juvenile' },
    { q: 'vampire', ageGroup: 'Young Adult' },
    { q: 'space', genre: 'science-fiction', yearFrom: 1990, yearTo: 2010 },
    { q: 'agatha christie', minRating: 4 },
    { q: 'shadow', language: 'en', length: 'medium' },
    { genre: 'fantasy' },
    { genre: 'mystery', sort: 'rating', minRating: 4 },
    { language: 'am', sort: 'newest' },
    { author: 'rowling' },
    { genre: 'children', length: 'short' },
    { yearFrom: 2015, sort: 'rating' },
  ],
};

/** Every full search, classes together (the load benchmark's mix). */
export const SEARCH: SearchQueryInput[] = QUERY_CLASSES.flatMap((kind) => SEARCH_CLASSES[kind]);

/** Typeahead inputs as typed (partial words, typos, ISBNs, Ge'ez, Latin-typed Amharic). */
export const SUGGEST = [
  'har',
  'harry p',
  'hary pot',
  'hunger',
  'the hun',
  'tolk',
  'tolkein',
  'lord of the',
  'game of thr',
  'pride and',
  'jane aus',
  'stephen k',
  'kafka',
  'orwell',
  '1984',
  'the great g',
  'mockingb',
  'da vinci',
  'sherlock',
  'agatha',
  'murakami',
  'gone gir',
  'the hobit',
  'dune',
  'foundation',
  'brave new',
  'catch',
  'little women',
  '9780439023481',
  'ፍቅር',
  'ፍቅር እስ',
  'ኦሮማ',
  'ሀዲስ',
  'ታሪክ',
  'ልጆች',
  'በዓሉ',
  'fikir eske mek',
  'oroma',
  'ethiopia',
  'love',
  'war and',
  'shadow',
  'the night',
];

/** The search request a query makes (`/api/search?q=…&genre=…`). */
export function searchPath(query: SearchQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return `/api/search?${params.toString()}`;
}
