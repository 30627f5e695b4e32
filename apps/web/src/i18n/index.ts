import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, sharedMessages, type Language } from '@nebab/shared';
import am from './locales/am.json';
import en from './locales/en.json';

/** Key of localStorage that remembers the interface language the reader picked. */
export const LANGUAGE_STORAGE_KEY = 'NR_lang';

/** The web messages and the shared ones (validation, errors, auth) in one namespace per language. */
export const resources = {
  en: { translation: { ...sharedMessages.en, ...en } },
  am: { translation: { ...sharedMessages.am, ...am } },
} as const;

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

void i18next.use(initReactI18next).init({
  resources,
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
