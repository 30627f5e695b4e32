import { describe, expect, it } from 'vitest';
import {
  BOOK_LANGUAGES,
  checkUploadFile,
  ethiopianBookSubmissionSchema,
  isValidPublicationDate,
  UPLOAD_LIMITS,
} from './uploads.js';
import { translate } from './i18n.js';

const NOW = new Date('2026-11-22T00:00:00Z');

describe('BOOK_LANGUAGES', () => {
  it('starts with Amharic, then Tigrinya, Afaan Oromo and English', () => {
    expect(BOOK_LANGUAGES.slice(0, 4)).toEqual(['am', 'ti', 'om', 'en']);
    expect(new Set(BOOK_LANGUAGES).size).toBe(BOOK_LANGUAGES.length);
  });
});

describe('isValidPublicationDate', () => {
  it.each([
    ['1968', true],
    ['1968-05-01', true],
    ['2024-02-29', true],
    ['2027', true],
    ['2028', false],
    ['2023-02-29', false],
    ['1968-13-01', false],
    ['968', false],
    ['1968/05/01', false],
    ['', false],
  ])('%s → %s', (text, valid) => {
    expect(isValidPublicationDate(text, NOW)).toBe(valid);
  });
});

describe('ethiopianBookSubmissionSchema', () => {
  const good = {
    title: '  ፍቅር እስከ መቃብር ',
    author: 'ሐዲስ ዓለማየሁ',
    publisher: '',
    language: 'am',
    publicationYear: '1968',
    genre: 'classics',
    description: '',
    pageCount: '520',
  };

  it('parses form text: trims, drops blanks and turns the page count into a number', () => {
    expect(ethiopianBookSubmissionSchema.parse(good)).toEqual({
      title: 'ፍቅር እስከ መቃብር',
      author: 'ሐዲስ ዓለማየሁ',
      language: 'am',
      publicationYear: '1968',
      genre: 'classics',
      pageCount: 520,
    });
  });

  it('answers one translated key per bad field', () => {
    const result = ethiopianBookSubmissionSchema.safeParse({
      title: ' ',
      author: 'a\u0000b',
      language: 'xx',
      genre: 'cooking',
      pageCount: '1.5',
      publicationYear: 'soon',
    });
    expect(result.success).toBe(false);
    const keys: Record<string, string> = Object.fromEntries(
      result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(keys).toEqual({
      title: 'uploads.titleRequired',
      author: 'validation.controlCharacters',
      language: 'uploads.languageRequired',
      genre: 'uploads.genreRequired',
      pageCount: 'uploads.pageCountInvalid',
      publicationYear: 'uploads.dateInvalid',
    });
    for (const key of Object.values(keys) as string[]) {
      expect(translate(key, 'en')).not.toBe(key);
      expect(translate(key, 'am')).not.toBe(translate(key, 'en'));
    }
  });
});

describe('checkUploadFile', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('needs a PDF of at most the limit for the book', () => {
    expect(checkUploadFile('book', null)).toBe('uploads.bookFileRequired');
    expect(checkUploadFile('book', file('a.pdf', 'application/pdf', 10))).toBeNull();
    expect(checkUploadFile('book', file('a.PDF', '', 10))).toBeNull();
    expect(checkUploadFile('book', file('a.exe', 'application/x-msdownload', 10))).toBe(
      'uploads.bookFileType',
    );
    expect(checkUploadFile('book', file('a.pdf', 'application/pdf', 0))).toBe('uploads.fileEmpty');
    expect(checkUploadFile('book', file('a.pdf', 'application/pdf', UPLOAD_LIMITS.bookMaxBytes + 1))).toBe(
      'uploads.bookFileTooLarge',
    );
  });

  it('takes no cover or a JPEG, PNG or WebP image of at most the limit', () => {
    expect(checkUploadFile('cover', null)).toBeNull();
    expect(checkUploadFile('cover', file('c.webp', 'image/webp', 10))).toBeNull();
    expect(checkUploadFile('cover', file('c.gif', 'image/gif', 10))).toBe('uploads.coverType');
    expect(checkUploadFile('cover', file('c.png', 'image/png', UPLOAD_LIMITS.coverMaxBytes + 1))).toBe(
      'uploads.coverTooLarge',
    );
  });
});

describe('names and titles', () => {
  it('refuse bidirectional controls and control characters, and keep Ge’ez and Latin text', async () => {
    const { fullNameSchema, hasBidiControls, hasControlCharacters } = await import('./index.js');
    expect(hasBidiControls('abc\u202Egnp.exe')).toBe(true);
    expect(hasBidiControls('ሀዲስ ዓለማየሁ — Haddis')).toBe(false);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('line\nbreak\ttab')).toBe(false);
    const refused = fullNameSchema.safeParse('abc\u202Egnp.exe');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.directionControls');
    expect(fullNameSchema.safeParse('ሀዲስ ዓለማየሁ').success).toBe(true);
  });
});
