import type { z } from 'zod';

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
 * For every name and title field (people, clubs, topics, meetings, books, authors, lists, shelves):
 * refuses control characters and direction tricks with their own messages.
 */
export function plainName<S extends z.ZodType<string, string>>(schema: S): S {
  return schema
    .refine((value) => !hasControlCharacters(value), { error: 'validation.controlCharacters' })
    .refine((value) => !hasBidiControls(value), { error: 'validation.directionControls' }) as S;
}
