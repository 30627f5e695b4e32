import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@nebab/shared';
import { serverState } from '../ssr/state';
import englishCore from './parts/en.core';

/** Key of localStorage that remembers the interface language the reader picked. */
export const LANGUAGE_STORAGE_KEY = 'NR_lang';

type Messages = Record<string, unknown>;

/*
 * Messages come in two parts per language (./sections.ts): the core sections the shell and the landing
 * page need, and the rest. English core is bundled (it is also the fallback); Amharic core is its own
 * chunk, loaded before the first render when Amharic is the start-up language. The rest of the start-up
 * language is fetched right after start without blocking the first paint; routes other than the core
 * ones wait for it (./withMessages.ts), and switching language waits for the whole of the new one.
 */
const coreLoaders: Record<Language, () => Promise<Messages>> = {
  en: () => Promise.resolve(englishCore),
  am: async () => (await import('./parts/am.core')).default,
};

const restLoaders: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('./parts/en.rest')).default,
  am: async () => (await import('./parts/am.rest')).default,
};

/** True once i18next is initialised: from then on a language is always loaded whole. */
let started = false;
/** Languages whose rest sections are in the i18next store. */
const restLoaded = new Set<Language>();
const restRequests = new Map<Language, Promise<Messages>>();
const ensureRequests = new Map<Language, Promise<void>>();

/** Fetches (once; again after a failure) the rest sections of `lang`. */
function fetchRest(lang: Language): Promise<Messages> {
  let request = restRequests.get(lang);
  if (!request) {
    request = restLoaders[lang]();
    restRequests.set(lang, request);
    request.catch(() => restRequests.delete(lang));
  }
  return request;
}

/**
 * Resolves once every message of `lang` (by default the current language) is in i18next: its core,
 * then its rest. Pages outside the core wait for this before they render (see ./withMessages.ts).
 */
export function ensureMessages(lang: Language = currentLanguage()): Promise<void> {
  let request = ensureRequests.get(lang);
  if (!request) {
    request = (async () => {
      await i18nReady;
      await i18next.loadLanguages(lang);
      // i18next settles even when the core failed to load: never add a rest without its core.
      if (!i18next.hasResourceBundle(lang, 'translation')) throw new Error(`No ${lang} messages`);
      if (restLoaded.has(lang)) return;
      const rest = await fetchRest(lang);
      i18next.addResourceBundle(lang, 'translation', rest, true, true);
      restLoaded.add(lang);
    })();
    ensureRequests.set(lang, request);
    request.catch(() => ensureRequests.delete(lang));
  }
  return request;
}

/** i18next backend: the core of a language at start-up, the whole language when switching later. */
const lazyMessages: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const messages = started
      ? Promise.all([coreLoaders[language](), fetchRest(language)]).then(([core, rest]) => {
          restLoaded.add(language);
          return { ...core, ...rest };
        })
      : coreLoaders[language]();
    messages.then(
      (loaded) => callback(null, loaded),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the reader picked and remembered, if any. */
export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language a page's address asks for (`?lang=am`). Server-rendered pages carry it in their state;
 * pages served as a shell (signed-in and admin screens) only have the address, so it is read here.
 */
export function addressLanguage(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Language | null {
  const asked = new URLSearchParams(search).get('lang');
  return isLanguage(asked) ? asked : null;
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

/**
 * A language shown for this visit only: a page opened as `?lang=am` shows Amharic without making it
 * the reader's choice. Cleared as soon as the reader switches language.
 */
let visitLanguage: Language | null = null;

/** True while the language shown is the one the address asked for (`?lang=`), for this visit only. */
export function showsVisitLanguage(): boolean {
  return visitLanguage !== null && currentLanguage() === visitLanguage;
}

/** Remembers `lang` in localStorage and in the `NR_lang` cookie, so the server renders pages in it. */
function rememberLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit only.
  }
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies disabled: pages are then rendered in the site's default language first.
  }
}

function applyLanguage(lang: string): void {
  if (!isLanguage(lang) || typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  if (lang === visitLanguage) return;
  visitLanguage = null;
  rememberLanguage(lang);
}

const ssr = serverState();
const asked = ssr ? null : addressLanguage();
if (ssr?.explicitLanguage) visitLanguage = ssr.language;
else if (asked) visitLanguage = asked;

/** Resolves once the start-up language's core messages are available (render after it). */
export const i18nReady: Promise<unknown> = i18next
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    // A copy: i18next merges the rest into this object, and the core module must stay the core.
    resources: { en: { translation: structuredClone(englishCore) } },
    partialBundledLanguages: true,
    // A server-rendered page is hydrated in the language it was rendered in.
    // A shell opened as `?lang=` shows that language for the visit, as a server-rendered page does.
    lng: ssr?.language ?? asked ?? detectLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // Re-render when the rest of the messages are added, should anything have rendered before them.
    react: { bindI18nStore: 'added' },
  });

/** Switching language first loads all of the new language, so the page never shows missing keys. */
const switchLanguage = i18next.changeLanguage.bind(i18next);
i18next.changeLanguage = async (lng, callback) => {
  if (started && isLanguage(lng)) await ensureMessages(lng).catch(() => undefined);
  return switchLanguage(lng, callback);
};

void i18nReady.then(
  () => {
    started = true;
    // The rest of the start-up language, in the background: the landing page does not need it.
    ensureMessages().catch(() => undefined);
  },
  () => undefined,
);

i18next.on('languageChanged', applyLanguage);
if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();

export { i18next as i18n };
