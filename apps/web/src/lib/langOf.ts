import { hasEthiopic } from '@nebab/shared';

const LATIN = /[A-Za-z\u00C0-\u024F]/u;

/**
 * The language of a piece of user text guessed from its script: any Ethiopic letter makes it Amharic,
 * else any Latin letter makes it English; digits and punctuation alone say nothing (undefined).
 */
export function scriptLanguage(text: string | null | undefined): 'am' | 'en' | undefined {
  if (!text) return undefined;
  if (hasEthiopic(text)) return 'am';
  if (LATIN.test(text)) return 'en';
  return undefined;
}

/** Three-letter codes some catalogues use where BCP 47 wants the two-letter one. */
const TWO_LETTER: Record<string, string> = { eng: 'en', amh: 'am' };

/** The base code of a language tag (`en-US` → `en`, `eng` → `en`), lower case; undefined for none. */
function baseLanguage(tag: string | null | undefined): string | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!base || base === 'und' || base === 'n/a') return undefined;
  return TWO_LETTER[base] ?? base;
}

/**
 * The `lang` attribute for a part whose language is `tag` (a book's `language`) inside an interface
 * in `uiLanguage`: the part's language when it differs, else undefined (the part inherits the page's).
 */
export function langAttr(tag: string | null | undefined, uiLanguage: string): string | undefined {
  const base = baseLanguage(tag);
  return base && base !== baseLanguage(uiLanguage) ? base : undefined;
}

/** The `lang` attribute for user text (a comment, a message, a reader's name), guessed from its script. */
export function textLangAttr(text: string | null | undefined, uiLanguage: string): string | undefined {
  return langAttr(scriptLanguage(text), uiLanguage);
}

/**
 * The `lang` attribute of a book's title or author: its recorded language; when the book has none, the
 * script of the text itself.
 */
export function bookLangAttr(
  text: string | null | undefined,
  bookLanguage: string | null | undefined,
  uiLanguage: string,
): string | undefined {
  // A title written in Ethiopic is Amharic even when the book is recorded in another language.
  const script = scriptLanguage(text);
  const language = script === 'am' ? script : (baseLanguage(bookLanguage) ?? script);
  return langAttr(language, uiLanguage);
}
