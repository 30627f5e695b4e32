import { describe, expect, it } from 'vitest';
import { foldEthiopic, hasEthiopic, romanizeEthiopic } from './ethiopic.js';
import { latinKey, searchWords, titleWords } from './search-keys.js';

describe('foldEthiopic', () => {
  it('writes the homophone letters one way, every vowel order', () => {
    expect(foldEthiopic('ሐዲስ ዓለማየሁ')).toBe(foldEthiopic('ሀዲስ አለማየሁ'));
    expect(foldEthiopic('ኀዲስ')).toBe('ሀዲስ');
    expect(foldEthiopic('ኸ')).toBe('ሀ');
    expect(foldEthiopic('ሠላም')).toBe('ሰላም');
    expect(foldEthiopic('ፀሐይ')).toBe(foldEthiopic('ጸሀይ'));
    // the 1st and 4th orders of the laryngeals sound alike
    expect(foldEthiopic('ሃ')).toBe('ሀ');
    expect(foldEthiopic('ኣ')).toBe('አ');
    expect(foldEthiopic('ዓ')).toBe('አ');
    // other orders stay apart
    expect(foldEthiopic('ሁ')).not.toBe(foldEthiopic('ሂ'));
  });

  it('writes the labialised forms either way alike (ቈ = ቋ, ቍ = ቁ)', () => {
    expect(foldEthiopic('ቈ')).toBe('ቋ');
    expect(foldEthiopic('ቍ')).toBe('ቁ');
    expect(foldEthiopic('ኰ')).toBe('ኳ');
    expect(foldEthiopic('ጐ')).toBe('ጓ');
  });

  it('leaves other text as it is', () => {
    expect(foldEthiopic('Harry Potter 1984')).toBe('Harry Potter 1984');
  });
});

describe('romanizeEthiopic', () => {
  it('spells each syllable with its consonant and vowel (the 6th order silent)', () => {
    expect(romanizeEthiopic('ፍቅር እስከ መቃብር')).toBe('fqr ske meqabr');
    expect(romanizeEthiopic('ኦሮማይ')).toBe('oromay');
    expect(romanizeEthiopic('ሀዲስ')).toBe('hedis');
    expect(romanizeEthiopic('ቋንቋ')).toBe('qwanqwa');
  });

  it('reads Ge’ez punctuation as spaces and digits as digits', () => {
    expect(romanizeEthiopic('ሰላም፡ዓለም።')).toBe('selam alem ');
    expect(romanizeEthiopic('፩፱')).toBe('19');
  });

  it('knows Ge’ez when it sees it', () => {
    expect(hasEthiopic('Fikir ፍቅር')).toBe(true);
    expect(hasEthiopic('Fikir')).toBe(false);
  });
});

describe('latinKey', () => {
  it.each([
    ['fikir eske mekabir', 'ፍቅር እስከ መቃብር'],
    ['fiqir iske meqabir', 'ፍቅር እስከ መቃብር'],
    ['haddis alemayehu', 'ሀዲስ ዓለማየሁ'],
    ['hadis ʻālamāyahu', 'ሐዲስ አለማየሁ'],
    ['bealu girma', 'በዓሉ ግርማ'],
    ['kadmas bashager', 'ከአድማስ ባሻገር'],
    ['oromai', 'ኦሮማይ'],
    ['Maryam', 'ማርያም'],
    ['Mariam', 'ማርያም'],
    ['Tsegaye', 'ጸጋዬ'],
    ['Harry Potter', 'ሃሪ ፖተር'],
    ['Cinderella', 'ሲንደሬላ'],
  ])('%s meets %s', (latin, geez) => {
    expect(latinKey(latin)).toBe(latinKey(geez));
  });

  it('keeps words apart and drops those without a consonant', () => {
    expect(latinKey('fikir eske mekabir')).toBe('fkr sk mkbr');
    expect(latinKey('I, a reader')).toBe('rdr');
  });

  it('does not confuse different words', () => {
    expect(latinKey('mekabir')).not.toBe(latinKey('fikir'));
  });
});

describe('searchWords and titleWords', () => {
  it('lower-cases, folds Ge’ez, takes marks off Latin letters and splits on punctuation', () => {
    expect(searchWords('Gabriel García Márquez')).toEqual(['gabriel', 'garcia', 'marquez']);
    expect(searchWords('J.K. Rowling')).toEqual(['j', 'k', 'rowling']);
    expect(searchWords('ሐዲስ፡ዓለማየሁ')).toEqual(['ሀዲስ', 'አለማየሁ']);
    expect(searchWords('baʻālu grmā')).toEqual(['baalu', 'grma']);
    expect(searchWords('Catch-22')).toEqual(['catch', '22']);
  });

  it('leaves a leading article out of a title', () => {
    expect(titleWords('The Hobbit')).toBe('hobbit');
    expect(titleWords('A Game of Thrones')).toBe('game of thrones');
    expect(titleWords('Theory')).toBe('theory');
  });
});
