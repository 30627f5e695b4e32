import { describe, expect, it } from 'vitest';
import {
  authorFromLastFirst,
  authorMatches,
  candidateScore,
  stripSeries,
  titleKey,
  wordsAlign,
} from './books.match.js';

const book = (title: string, authors: string[]) => ({ title, altTitles: [], authors });

describe('book matching', () => {
  it('normalises titles: series suffix, subtitle, accents, a leading article', () => {
    expect(stripSeries('The Hunger Games (The Hunger Games, #1)')).toBe('The Hunger Games');
    expect(titleKey('The Hunger Games (The Hunger Games, #1)')).toBe('hunger games');
    expect(titleKey('Cien años de soledad: Edición')).toBe('cien anos de soledad');
    expect(titleKey('ፍቅር እስከ መቃብር')).toBe('ፍቅር እስከ መቃብር');
    expect(authorFromLastFirst('Collins, Suzanne')).toBe('Suzanne Collins');
  });

  it('forgives typos within words, not other words or numbers', () => {
    // A surname's typo: one edit from 4 letters on, two from 8.
    expect(authorMatches(['J. Tolkein'], ['J. Tolkien'])).toBe(true);
    expect(authorMatches(['Ann Tyeler'], ['Ann Tylor'])).toBe(false);
    expect(wordsAlign('hobit', 'hobbit')).toBe(true);
    expect(wordsAlign('lost meadow of oaxaca', 'silent meadow of oaxaca')).toBe(false);
    expect(
      candidateScore(
        { title: 'The Hobit', authors: ['J.R.R. Tolkein'] },
        book('The Hobbit', ['J.R.R. Tolkien']),
      ),
    ).toBeGreaterThan(0);
    expect(candidateScore({ title: 'Volume 1', authors: ['A B'] }, book('Volume 101', ['A B']))).toBe(0);
    expect(
      candidateScore({ title: '1984', authors: ['George Orwell'] }, book('1985', ['George Orwell'])),
    ).toBe(0);
  });

  it('wants the same author: surname (typos forgiven) and first initial', () => {
    expect(authorMatches(['Suzanne Colins'], ['Suzanne Collins'])).toBe(true);
    expect(authorMatches(['Mira Bekele'], ['Samuel Bekele'])).toBe(false);
    expect(authorMatches(['Harper Lee'], ['Stephen King'])).toBe(false);
    expect(authorMatches([], ['Anyone'])).toBe(true);
  });
});
