import { describe, expect, it } from 'vitest';
import { bookLangAttr, langAttr, scriptLanguage, textLangAttr } from './langOf';

describe('scriptLanguage', () => {
  it('reads Ethiopic letters of every block as Amharic, even among Latin ones', () => {
    expect(scriptLanguage('ፍቅር እስከ መቃብር')).toBe('am');
    expect(scriptLanguage('Love ፍቅር')).toBe('am');
    expect(scriptLanguage('\u2D80')).toBe('am');
    expect(scriptLanguage('\uAB01')).toBe('am');
  });
  it('reads Latin letters as English and says nothing of digits, punctuation or nothing', () => {
    expect(scriptLanguage('Things Fall Apart')).toBe('en');
    expect(scriptLanguage('Café')).toBe('en');
    expect(scriptLanguage('1984 !')).toBeUndefined();
    expect(scriptLanguage('')).toBeUndefined();
    expect(scriptLanguage(null)).toBeUndefined();
  });
});

describe('langAttr', () => {
  it('gives the part its language only when it differs from the interface', () => {
    expect(langAttr('en', 'am')).toBe('en');
    expect(langAttr('en-US', 'am')).toBe('en');
    expect(langAttr('eng', 'am')).toBe('en');
    expect(langAttr('amh', 'am')).toBeUndefined();
    expect(langAttr('en', 'en')).toBeUndefined();
    expect(langAttr('am', 'en')).toBe('am');
    expect(langAttr('gez', 'am')).toBe('gez');
    expect(langAttr('', 'en')).toBeUndefined();
    expect(langAttr('und', 'en')).toBeUndefined();
  });
});

describe('textLangAttr', () => {
  it('marks user text written in the other script', () => {
    expect(textLangAttr('Great read', 'am')).toBe('en');
    expect(textLangAttr('Great read', 'en')).toBeUndefined();
    expect(textLangAttr('ጥሩ መጽሐፍ', 'en')).toBe('am');
    expect(textLangAttr('ጥሩ መጽሐፍ', 'am')).toBeUndefined();
    expect(textLangAttr('👍 5/5', 'am')).toBeUndefined();
  });
});

describe('bookLangAttr', () => {
  it('uses the book language, the script when it has none, and Ethiopic text stays Amharic', () => {
    expect(bookLangAttr('Things Fall Apart', 'en', 'am')).toBe('en');
    expect(bookLangAttr('Things Fall Apart', 'en', 'en')).toBeUndefined();
    expect(bookLangAttr('ፍቅር እስከ መቃብር', 'am', 'en')).toBe('am');
    expect(bookLangAttr('ፍቅር እስከ መቃብር', '', 'en')).toBe('am');
    expect(bookLangAttr('Things Fall Apart', null, 'am')).toBe('en');
    expect(bookLangAttr('ፍቅር', 'en', 'am')).toBeUndefined();
  });
});
