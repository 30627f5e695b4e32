import am from './locales/am.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

/** The interface languages. */
export const LANGUAGES = ['en', 'am'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Messages shared by client and server (validation, errors, account notices). */
export const sharedMessages = { en, am } as const;

/** BCP 47 locale used with `Intl` for each interface language. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', am: 'am-ET' };

/** Picks the interface language from an `Accept-Language` header (`am` wins only when asked for first). */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'am' || base === 'en') return base;
  }
  return DEFAULT_LANGUAGE;
}

/** Looks up a dotted key (`validation.emailRequired`) in the shared messages; falls back to English, then the key. */
export function translate(key: string, language: Language = DEFAULT_LANGUAGE): string {
  const lookup = (root: unknown): string | undefined => {
    let node: unknown = root;
    for (const part of key.split('.')) {
      if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
      else return undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };
  return lookup(sharedMessages[language]) ?? lookup(sharedMessages.en) ?? key;
}

/** `translate`, then each `{{name}}` replaced by its value in `params` (unknown names stay as they are). */
export function translateWith(
  key: string,
  language: Language = DEFAULT_LANGUAGE,
  params?: Record<string, string | number>,
): string {
  const text = translate(key, language);
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
