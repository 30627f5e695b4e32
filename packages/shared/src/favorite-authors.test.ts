import { describe, expect, it } from 'vitest';
import { consonantSkeleton, FAVORITE_AUTHOR_SCRIPTS, matchFavoriteAuthors } from './favorite-authors.js';
import { FAVORITE_AUTHORS, filterAuthors } from './preferences.js';

const latin = (query: string, exclude: string[] = []) =>
  matchFavoriteAuthors(query, exclude).map((author) => author.latin);

describe('favourite authors in both scripts', () => {
  it('are the 15 names of the spec, each with a Ge’ez spelling', () => {
    expect(FAVORITE_AUTHORS).toHaveLength(15);
    for (const author of FAVORITE_AUTHOR_SCRIPTS) expect(author.geez).toMatch(/^[\u1200-\u137f. ]+$/);
  });

  it('find a name typed in Ge’ez, whatever homophone letters were used', () => {
    expect(latin('ሀዲስ')).toEqual(['Haddis Alemayehu']);
    expect(latin('ሃዲስ')).toEqual(['Haddis Alemayehu']);
    expect(latin('ሐዲስ')).toEqual(['Haddis Alemayehu']);
    expect(latin('መንግሥ')).toEqual(['Maaza Mengiste', 'Dinaw Mengestu']);
    expect(latin('መንግስ')).toEqual(['Maaza Mengiste', 'Dinaw Mengestu']);
    expect(latin('ሞሪሰን')).toEqual(['Toni Morrison']);
  });

  it('find Amharic typed in Latin letters, however it is spelled', () => {
    expect(latin('hadis')).toEqual(['Haddis Alemayehu']);
    expect(latin('hadis alemayehu')).toEqual(['Haddis Alemayehu']);
    expect(latin('bealu')).toEqual(['Bealu Girma']);
    expect(latin('girma')).toEqual(['Bealu Girma']);
    expect(latin('mezlekiya')).toEqual(['Nega Mezlekia']);
    expect(latin('mengistu')).toEqual(['Maaza Mengiste', 'Dinaw Mengestu']);
  });

  it('keep the spec’s case-insensitive substring match first, accents optional', () => {
    expect(latin('ALEM')).toEqual(['Haddis Alemayehu']);
    expect(latin('marquez')).toEqual(['Gabriel García Márquez']);
    expect(latin('ma')[0]).toBe('Haddis Alemayehu');
    expect(latin('ma')).toContain('Maaza Mengiste');
    expect(latin('ma', ['Maaza Mengiste'])).not.toContain('Maaza Mengiste');
    expect(latin('   ')).toEqual([]);
    expect(latin('zzzz')).toEqual([]);
  });

  it('filterAuthors answers the saved (Latin) names', () => {
    expect(filterAuthors('ሀዲስ')).toEqual(['Haddis Alemayehu']);
    expect(filterAuthors('hadis', ['Haddis Alemayehu'])).toEqual([]);
  });

  it('skeletons agree across scripts', () => {
    expect(consonantSkeleton('Haddis Alemayehu')).toBe(consonantSkeleton('ሀዲስ ዓለማየሁ'));
    expect(consonantSkeleton('Rowling')).toBe(consonantSkeleton('ሮውሊንግ'));
    expect(consonantSkeleton('Márquez')).toBe(consonantSkeleton('ማርኬዝ'));
  });
});
