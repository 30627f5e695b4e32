import { describe, expect, it } from 'vitest';
import type { BookDetail } from '@nebab/shared';
import { i18n } from '../../i18n';
import { aboutLine, formatPublished, languageName, publicationYear } from './bookFacts';

const base = {
  id: 'x',
  title: 'T',
  author: 'N/A',
  authors: [],
  genres: 'N/A',
  publisher: null,
  publicationDate: null,
  pageCount: null,
  language: 'am',
  rating: null,
  ratingsCount: 0,
  description: null,
  coverImage: null,
  coverCandidates: [],
  previewLink: null,
  viewability: 'NO_PAGES',
  industryIdentifiers: [],
  series: null,
  seriesNumber: null,
  altTitles: [],
  hasFile: false,
  unlisted: false,
  source: 'ethiopian',
} satisfies BookDetail;

describe('book facts', () => {
  const t = i18n.getFixedT('en');

  it('builds the about line only from the facts it has', () => {
    expect(aboutLine(t, base, 'en')).toBe('A book in our catalogue.');
    expect(aboutLine(t, { ...base, publicationDate: '2018' }, 'en')).toBe('A book published in 2018.');
    expect(aboutLine(t, { ...base, genres: ['history'], series: 'Fikir' }, 'en')).toBe(
      'A History book, part of Fikir.',
    );
    expect(aboutLine(t, { ...base, rating: 4.04, ratingsCount: 1200 }, 'en')).toBe(
      'A book in our catalogue, rated 4.0 by 1,200 readers.',
    );
  });

  it('builds it in Amharic too', async () => {
    await i18n.changeLanguage('am');
    try {
      expect(aboutLine(i18n.t, { ...base, publicationDate: '2018' }, 'am')).toMatch(/^በ2018 .*።$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('formats years, dates and language names', () => {
    expect(publicationYear('2008-09-14')).toBe('2008');
    expect(publicationYear('-400')).toBe('-400');
    expect(formatPublished('2008', 'en')).toBe('2008');
    expect(formatPublished('2008-09-14', 'en')).toBe('September 14, 2008');
    expect(formatPublished('2008-09', 'en')).toBe('September 2008');
    expect(languageName('am', 'en')).toBe('Amharic');
    expect(languageName('en', 'am')).toBe('እንግሊዝኛ');
    expect(languageName('N/A', 'en')).toBeNull();
  });
});
