import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import webAm from './locales/am.json';
import webEn from './locales/en.json';

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every key with a plural suffix, as `dotted.base → suffixes`. */
function pluralKeys(tree: Tree, prefix = '', out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'string') {
      pluralKeys(value, path, out);
      continue;
    }
    const match = PLURAL_SUFFIX.exec(path);
    if (!match) continue;
    const base = path.slice(0, -match[0].length);
    out.set(base, (out.get(base) ?? new Set()).add(match[1]!));
  }
  return out;
}

let i18n: I18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: webEn }, am: { translation: webAm } },
    interpolation: { escapeValue: false },
  });
});

/** `key` in `lng` (keys are checked by the assertions, not the types: plural bases are not keys). */
const say = (lng: 'en' | 'am', key: string, options: Record<string, unknown>): string =>
  (i18n.t as (key: string, options: Record<string, unknown>) => string)(key, { lng, ...options });

describe('plural forms', () => {
  it('every counted message has the forms each language needs (Intl: en one/other, am one/other)', () => {
    const en = pluralKeys(webEn as Tree);
    const am = pluralKeys(webAm as Tree);
    expect([...en.keys()].sort()).toEqual([...am.keys()].sort());
    for (const [lng, keys] of [
      ['en', en],
      ['am', am],
    ] as const) {
      // The categories Intl uses for this language (en and am: one, other); `zero` is optional.
      const needed = new Set([0, 1, 2, 3, 5, 11, 21, 100].map((n) => new Intl.PluralRules(lng).select(n)));
      for (const [base, forms] of keys) {
        const missing = [...needed].filter((form) => !forms.has(form));
        expect(missing, `${lng} ${base}`).toEqual([]);
      }
    }
  });

  it('"Show N replies": the first reply is invited, then one reply, then many, in both languages', () => {
    const key = 'clubsUi.discussions.showReplies';
    expect([0, 1, 3].map((count) => say('en', key, { count, formatted: String(count) }))).toEqual([
      'Write the first reply',
      'Show 1 reply',
      'Show 3 replies',
    ]);
    expect([0, 1, 3].map((count) => say('am', key, { count, formatted: String(count) }))).toEqual([
      'የመጀመሪያውን ምላሽ ይጻፉ',
      '1 ምላሽ አሳይ',
      '3 ምላሾችን አሳይ',
    ]);
  });

  it('"N reading-list entries" and "N reviews" of the delete-book confirmation', () => {
    const entries = (lng: 'en' | 'am', count: number) =>
      say(lng, 'adminCatalogueUi.delete.entries', { count });
    const reviews = (lng: 'en' | 'am', count: number) =>
      say(lng, 'adminCatalogueUi.delete.reviews', { count });
    expect([0, 1, 2].map((n) => entries('en', n))).toEqual([
      'no reading-list entries',
      '1 reading-list entry',
      '2 reading-list entries',
    ]);
    expect([0, 1, 2].map((n) => reviews('en', n))).toEqual(['no reviews', '1 review', '2 reviews']);
    expect([1, 2].map((n) => entries('am', n))).toEqual(['1 የንባብ ዝርዝር ግቤት', '2 የንባብ ዝርዝር ግቤቶች']);
    expect([1, 2].map((n) => reviews('am', n))).toEqual(['1 ግምገማ', '2 ግምገማዎች']);
    const body = say('en', 'adminCatalogueUi.delete.body', {
      title: 'Oromay',
      entries: entries('en', 1),
      reviews: reviews('en', 0),
    });
    expect(body).toContain('together with 1 reading-list entry and no reviews of it');
  });

  it('result counts, ratings and star filters agree with their number', () => {
    expect(say('en', 'search.countNoQuery', { count: 1, from: '1', to: '1', total: '1' })).toBe(
      'Showing 1 result',
    );
    expect(say('en', 'search.countNoQuery', { count: 40, from: '1', to: '20', total: '40' })).toBe(
      'Showing 1–20 of 40 results',
    );
    expect(say('en', 'book.about.rated', { count: 1, rating: '5.0', formatted: '1' })).toBe(
      'rated 5.0 by one reader',
    );
    expect(say('am', 'book.about.rated', { count: 12, rating: '4.1', formatted: '12' })).toBe(
      'በ12 አንባቢዎች 4.1 ደረጃ የተሰጠው',
    );
    expect(say('en', 'search.filters.ratingOption', { count: 1, value: 1 })).toBe('1 star or more');
    expect(say('en', 'search.filters.ratingOption', { count: 4, value: 4 })).toBe('4 stars or more');
    expect(say('en', 'reviewsPage.count', { count: 1, formatted: '1' })).toBe('1 review');
    expect(say('am', 'reviewsPage.count', { count: 7, formatted: '7' })).toBe('7 ግምገማዎች');
  });
});
