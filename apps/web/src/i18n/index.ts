import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, sharedMessages, type Language } from '@nebab/shared';
import en from './locales/en.json';

/** Key of localStorage that remembers the interface language the reader picked. */
export const LANGUAGE_STORAGE_KEY = 'NR_lang';

/**
 * The web messages and the shared ones (validation, errors, auth) in one namespace per language.
 * English is bundled (it is also the fallback); Amharic is loaded on demand by {@link loadMessages}, so
 * a reader downloads only the language they use.
 */
export const resources = {
  en: { translation: { ...sharedMessages.en, ...en } },
} as const;

/** The merged messages of `lang` (web over shared), fetched as their own chunk for Amharic. */
export async function loadMessages(lang: Language): Promise<Record<string, unknown>> {
  if (lang === 'en') return resources.en.translation;
  const am = (await import('./locales/am.json')).default;
  return { ...sharedMessages.am, ...am };
}

/** i18next backend that loads a language's messages the first time it is needed. */
const lazyMessages: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loadMessages(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Language at start: the remembered choice, else the browser's (`am*` gives Amharic), else English. */
export function detectLanguage(
  stored: string | null = readStoredLanguage(),
  browserLanguages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'am') return 'am';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** The language i18next is showing now, narrowed to the two the product speaks. */
export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

function applyLanguage(lang: string): void {
  if (!isLanguage(lang)) return;
  document.documentElement.lang = lang;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit only.
  }
}

/** Resolves once the start-up language's messages are available (render after it). */
export const i18nReady: Promise<unknown> = i18next
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

i18next.on('languageChanged', applyLanguage);
document.documentElement.lang = currentLanguage();

export { i18next as i18n };
