import type { GenreSlug } from '@nebab/shared';

/** Goodreads shelf names that count towards each genre slug (catalog-data/README.md). */
export const SHELF_GENRES: Record<GenreSlug, readonly string[]> = {
  art: ['art', 'art-history', 'photography'],
  biography: ['biography', 'biographies', 'autobiography', 'biography-memoir'],
  business: ['business', 'economics', 'finance', 'entrepreneurship', 'leadership', 'management', 'marketing'],
  children: [
    'childrens',
    'children',
    'kids',
    'picture-books',
    'children-s-books',
    'childrens-books',
    'middle-grade',
    'juvenile',
  ],
  christian: ['christian', 'christianity', 'christian-fiction', 'christian-living', 'theology', 'faith'],
  classics: ['classics', 'classic', 'classic-literature'],
  comics: ['comics', 'comic', 'comic-books', 'marvel', 'superheroes'],
  cookbooks: ['cookbooks', 'cookbook', 'cooking', 'food', 'recipes'],
  fantasy: ['fantasy', 'urban-fantasy', 'epic-fantasy', 'high-fantasy', 'paranormal', 'magic', 'dragons'],
  fiction: ['fiction', 'literary-fiction', 'contemporary', 'contemporary-fiction', 'general-fiction'],
  'graphic-novels': ['graphic-novels', 'graphic-novel', 'graphic-novels-comics'],
  'historical-fiction': ['historical-fiction', 'historical', 'historical-romance'],
  history: ['history', 'world-history', 'military-history', 'american-history', 'ww2', 'wwii'],
  horror: ['horror', 'zombies', 'ghosts'],
  humor: ['humor', 'humour', 'comedy', 'funny', 'satire'],
  manga: ['manga', 'shojo', 'shonen', 'seinen'],
  memoir: ['memoir', 'memoirs'],
  music: ['music', 'musicians'],
  mystery: [
    'mystery',
    'mysteries',
    'crime',
    'detective',
    'cozy-mystery',
    'mystery-thriller',
    'crime-fiction',
  ],
  nonfiction: ['non-fiction', 'nonfiction'],
  poetry: ['poetry', 'poems'],
  psychology: ['psychology', 'neuroscience', 'mental-health'],
  romance: ['romance', 'contemporary-romance', 'paranormal-romance', 'chick-lit', 'new-adult'],
  science: [
    'science',
    'popular-science',
    'physics',
    'biology',
    'astronomy',
    'mathematics',
    'math',
    'evolution',
  ],
  'science-fiction': [
    'science-fiction',
    'sci-fi',
    'scifi',
    'sf',
    'dystopia',
    'dystopian',
    'space-opera',
    'cyberpunk',
    'post-apocalyptic',
  ],
  'self-help': ['self-help', 'personal-development', 'self-improvement', 'productivity'],
  sports: ['sports', 'sport', 'baseball', 'football', 'basketball'],
  thriller: ['thriller', 'thrillers', 'suspense', 'psychological-thriller', 'espionage', 'spy'],
  travel: ['travel', 'travel-writing', 'travelogue'],
  'young-adult': ['young-adult', 'ya', 'ya-fiction', 'teen', 'young-adult-fiction'],
};

/** shelf name → slug, built once. */
export const SHELF_TO_GENRE: ReadonlyMap<string, GenreSlug> = new Map(
  Object.entries(SHELF_GENRES).flatMap(([slug, shelves]) =>
    shelves.map((shelf) => [shelf, slug as GenreSlug] as const),
  ),
);

export const MAX_GENRES_PER_BOOK = 5;

/**
 * Picks a book's genres from its summed shelf scores: at most 5 slugs whose score is at least 10% of
 * the top slug's and at least 5, highest first.
 */
export function pickGenres(scores: ReadonlyMap<GenreSlug, number>): GenreSlug[] {
  const ranked = [...scores.entries()]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = ranked[0]?.[1] ?? 0;
  return ranked
    .filter(([, score]) => score >= top * 0.1 && score >= 5)
    .slice(0, MAX_GENRES_PER_BOOK)
    .map(([slug]) => slug);
}

/** Ethiopian shop categories (lower-cased, exact) → slugs. */
const CATEGORY_EXACT: Record<string, readonly GenreSlug[]> = {
  fiction: ['fiction'],
  'literature and fiction': ['fiction'],
  stories: ['fiction'],
  'amharic fiction': ['fiction'],
  'fiction and fantasy': ['fiction', 'fantasy'],
  'science fiction': ['science-fiction', 'fiction'],
  'historical fiction': ['historical-fiction', 'fiction'],
  history: ['history'],
  'historical study': ['history'],
  'church history': ['history', 'christian'],
  'american history': ['history'],
  military: ['history'],
  biography: ['biography'],
  'biographies and memoirs': ['biography'],
  'leaders and notable people': ['biography'],
  autobiography: ['biography'],
  'biography memoir': ['biography', 'memoir'],
  memoir: ['memoir'],
  'eth. orthodox tewahedo church': ['christian'],
  'orthodox tewahedo': ['christian'],
  'books christianity': ['christian'],
  preaching: ['christian'],
  prayerbooks: ['christian'],
  'bible study': ['christian'],
  'bible story': ['christian'],
  bible: ['christian'],
  'saints and angels': ['christian'],
  sermons: ['christian'],
  'liturgical services': ['christian'],
  faith: ['christian'],
  "children's books": ['children'],
  children: ['children'],
  'for children': ['children'],
  'children books': ['children'],
  'children books baby items': ['children'],
  poetry: ['poetry'],
  'self help': ['self-help'],
  'self help books': ['self-help'],
  psychology: ['psychology'],
  'psychology, philosophy and counseling': ['psychology', 'nonfiction'],
  counseling: ['psychology'],
  business: ['business'],
  'business and investing': ['business'],
  'management skill': ['business'],
  'mystery and suspense': ['mystery', 'thriller'],
  romance: ['romance'],
  love: ['romance'],
  'sex and romance': ['romance'],
  science: ['science'],
  travel: ['travel'],
  nonfiction: ['nonfiction'],
  'true accounts': ['nonfiction'],
  'true stories': ['nonfiction'],
  politics: ['nonfiction'],
  'world politics': ['nonfiction'],
  'social sciences and politics': ['nonfiction'],
  philosophy: ['nonfiction'],
  'cooking, food and beverage': ['cookbooks'],
  'cooking by ingredient': ['cookbooks'],
  'food and beverage': ['cookbooks'],
  humor: ['humor'],
  art: ['art'],
  classics: ['classics'],
  'theatrical play': ['fiction'],
};

/** Maps a pipe-separated Ethiopian shop category onto slugs; unmapped → fiction if it says so, else nonfiction. */
export function genresFromCategory(category: string): GenreSlug[] {
  const found: GenreSlug[] = [];
  for (const part of category.split('|')) {
    for (const slug of CATEGORY_EXACT[part.trim().toLowerCase()] ?? []) {
      if (!found.includes(slug)) found.push(slug);
    }
  }
  if (found.length > 0) return found.slice(0, MAX_GENRES_PER_BOOK);
  return [/fiction/i.test(category) ? 'fiction' : 'nonfiction'];
}

/** Goodreads language codes → ISO 639-1 (empty means English, as the data README advises). */
const LANGUAGE_CODES: Record<string, string> = {
  eng: 'en',
  'en-us': 'en',
  'en-gb': 'en',
  'en-ca': 'en',
  en: 'en',
  '': 'en',
  ara: 'ar',
  fre: 'fr',
  ind: 'id',
  spa: 'es',
  ger: 'de',
  jpn: 'ja',
  per: 'fa',
  por: 'pt',
  pol: 'pl',
  nor: 'no',
  dan: 'da',
  fil: 'fil',
  ita: 'it',
  nl: 'nl',
  vie: 'vi',
  tur: 'tr',
  swe: 'sv',
  rum: 'ro',
  mul: 'mul',
  rus: 'ru',
  am: 'am',
  amh: 'am',
  english: 'en',
  'multiple languages': 'mul',
};

export function normalizeLanguage(code: string): string {
  const key = code.trim().toLowerCase();
  return LANGUAGE_CODES[key] ?? key;
}
