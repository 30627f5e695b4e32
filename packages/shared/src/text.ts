import { z } from 'zod';

/**
 * Characters that are never part of what a reader types: C0 controls (tab and line breaks apart),
 * DEL and the C1 controls. PostgreSQL refuses NUL outright.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** `text` without the characters `hasControlCharacters` finds (for queries, where they are noise). */
export function stripControlCharacters(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const control =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
    if (!control) out += text[i];
  }
  return out;
}

/**
 * Bidirectional formatting characters: the Arabic letter mark, LRM/RLM, the embeddings and
 * overrides (U+202A–U+202E) and the isolates (U+2066–U+2069). English and Amharic never need them,
 * and in a name they make text display as something else: `abc\u202Egnp.exe` shows as "abcexe.png".
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/**
 * Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE/U+FFFF …
 * U+10FFFE/U+10FFFF): code points reserved for a program's own use, never text. HTML forbids them
 * in a document ("noncharacter in text" errors of the W3C checker).
 */
export function hasNoncharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe) return true;
  }
  return false;
}

/** Half of a surrogate pair without its other half: JSON can carry one (`"\ud800"`); it is no character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogates(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * A string a person writes — a review, a reply, a chat message, a bio, a note, a list's or club's
 * description, a contact message; names and titles through {@link plainName}. It is put in Unicode
 * normal form C before anything else is checked (an "é" typed as e + U+0301 is stored and compared as
 * the one character "é", and lengths count what a reader sees), and refuses control characters,
 * noncharacters and lone surrogates, each with its own message on the field. REST routes and socket
 * events parse with the same schemas, so both refuse the same text. Chain `.trim()`, `.min()`,
 * `.max()` as on `z.string()`.
 */
export function writtenText(params?: string | { error: string }): z.ZodString {
  return z
    .string(params)
    .normalize('NFC')
    .refine((value) => !hasControlCharacters(value), { error: 'validation.controlCharacters' })
    .refine((value) => !hasNoncharacters(value), { error: 'validation.noncharacters' })
    .refine((value) => !hasLoneSurrogates(value), { error: 'validation.loneSurrogates' });
}

/**
 * For every name and title field (people, clubs, topics, meetings, books, authors, lists, shelves),
 * built on {@link writtenText}: also refuses direction tricks with their own message.
 */
export function plainName<S extends z.ZodType<string, string>>(schema: S): S {
  return schema.refine((value) => !hasBidiControls(value), { error: 'validation.directionControls' }) as S;
}
