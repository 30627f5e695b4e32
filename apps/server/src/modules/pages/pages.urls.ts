import type { Language } from '@nebab/shared';
import type { Alternate } from './pages.head.js';

/**
 * Addresses of public pages. A page in the site's default language has no `lang` parameter; the other
 * language adds `?lang=<code>`, so each language version has its own address (canonical and hreflang).
 */
export interface PageUrls {
  /** Absolute address of `path` with `params` in `language`. */
  page(path: string, params: Record<string, string | undefined>, language: Language): string;
  /** en, am and x-default (the default language's address) of `path` with `params`. */
  alternates(path: string, params: Record<string, string | undefined>): Alternate[];
  /** Absolute address of a path as it is (images, sitemaps). */
  absolute(path: string): string;
}

export function pageUrls(publicUrl: string, defaultLanguage: Language): PageUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const page: PageUrls['page'] = (path, params, language) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    if (language !== defaultLanguage) search.set('lang', language);
    const query = search.toString();
    return `${base}${path}${query ? `?${query}` : ''}`;
  };
  return {
    page,
    alternates: (path, params) => [
      { hreflang: 'en', href: page(path, params, 'en') },
      { hreflang: 'am', href: page(path, params, 'am') },
      { hreflang: 'x-default', href: page(path, params, defaultLanguage) },
    ],
    absolute: (path) =>
      /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`,
  };
}

/** The address of an author's page. */
export function authorPath(name: string): string {
  return `/author/${encodeURIComponent(name)}`;
}
