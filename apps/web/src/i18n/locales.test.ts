import { describe, expect, it } from 'vitest';
import { GENRE_CATALOG, GENRE_SLUGS, sharedMessages } from '@nebab/shared';
import webAm from './locales/am.json';
import webEn from './locales/en.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a message tree as `dotted.key → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const ETHIOPIC = /[\u1200-\u137F]/;

const catalogues = [
  { name: 'web', en: flatten(webEn as Tree), am: flatten(webAm as Tree) },
  { name: 'shared', en: flatten(sharedMessages.en as Tree), am: flatten(sharedMessages.am as Tree) },
];

describe.each(catalogues)('$name locales', ({ en, am }) => {
  it('have the same keys in en and am', () => {
    const missingInAm = [...en.keys()].filter((key) => !am.has(key));
    const missingInEn = [...am.keys()].filter((key) => !en.has(key));
    expect(missingInAm, 'keys missing from am').toEqual([]);
    expect(missingInEn, 'keys missing from en').toEqual([]);
  });

  it('have no empty messages', () => {
    const empty = [...en, ...am].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('translate every longer message into Amharic (not left in English)', () => {
    const untranslated = [...en]
      .filter(
        ([key, text]) => text.length >= 12 && (am.get(key) === text || !ETHIOPIC.test(am.get(key) ?? '')),
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('use the same interpolation placeholders in both languages', () => {
    const mismatched = [...en]
      .filter(
        ([key, text]) => am.has(key) && placeholders(text).join() !== placeholders(am.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe('merged resources', () => {
  it('do not let a web section hide a shared one', () => {
    const overlap = Object.keys(webEn).filter((key) => key in sharedMessages.en);
    expect(overlap).toEqual([]);
  });
});

describe('genre names', () => {
  it('are the shared genre catalogue’s, so menus, forms and genre pages name a genre alike', () => {
    const names = (language: 'en' | 'am') =>
      Object.fromEntries(GENRE_SLUGS.map((slug) => [slug, GENRE_CATALOG[slug].name[language]]));
    expect(webEn.genres).toEqual(names('en'));
    expect(webAm.genres).toEqual(names('am'));
  });
});
