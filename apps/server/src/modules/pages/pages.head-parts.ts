import type { Language } from '@nebab/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { PageHead } from './pages.head.js';
import { seoText } from './pages.text.js';
import type { PageUrls } from './pages.urls.js';

/*
 * The parts every page head is built from: the site image, titles, breadcrumbs, a simple page, the
 * not-found page.
 */

/** The site's preview image (1200×630, in the client build's public folder). */
export const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
/** The generated cover as PNG (for link previews: networks do not show SVG). */
export const COVER_PNG = { width: 400, height: 600 };

/** What the server answers for a page: its head and status, or a permanent redirect. */
export type PageOutcome =
  { kind: 'page'; status: 200 | 404; head: PageHead } | { kind: 'redirect'; location: string };

/** A UUID (readers, lists and clubs are addressed by one). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SCHEMA = 'https://schema.org';

/** Reader-facing address of a dataset cover, when it is a real picture (not a "no photo" placeholder). */
export function datasetCover(url: string | null): string | null {
  if (!url || !/^https:\/\//.test(url) || /nophoto/i.test(url)) return null;
  return url;
}

/** The site's preview image, in the page's language. */
export function siteImage(urls: PageUrls, language: Language): PageHead['openGraph']['image'] {
  return {
    url: urls.absolute(SITE_IMAGE.path),
    alt: seoText('siteTitle', language),
    width: SITE_IMAGE.width,
    height: SITE_IMAGE.height,
    type: 'image/png',
  };
}

/** `Title · Nebab`. */
export function titled(title: string, language: Language): string {
  return `${title} · ${seoText('siteName', language)}`;
}

/** schema.org BreadcrumbList: Home, then `items`. */
export function breadcrumbs(urls: PageUrls, language: Language, items: Array<[name: string, url: string]>) {
  const all: Array<[string, string]> = [[seoText('home', language), urls.page('/', {}, language)], ...items];
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: all.map(([name, item], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item,
    })),
  };
}

/** A simple page: title, description, the site image, one canonical address per language. */
export function simple(
  urls: PageUrls,
  language: Language,
  options: {
    path: string;
    params?: Record<string, string | undefined>;
    title: string;
    description: string;
    robots?: string;
    jsonLd?: object[];
    fullTitle?: string;
  },
): PageHead {
  const params = options.params ?? {};
  const url = urls.page(options.path, params, language);
  return {
    language,
    title: options.fullTitle ?? titled(options.title, language),
    description: options.description,
    canonical: options.robots?.startsWith('noindex') ? null : url,
    alternates: options.robots?.startsWith('noindex') ? [] : urls.alternates(options.path, params),
    robots: options.robots,
    openGraph: { type: 'website', title: options.title, url, image: siteImage(urls, language) },
    twitterCard: 'summary_large_image',
    jsonLd: options.jsonLd ?? [],
  };
}

/** A book's generated cover as PNG, the preview of a page without a picture of its own. */
export function generatedCover(
  urls: PageUrls,
  language: Language,
  book: { id: string; title: string },
): PageHead['openGraph']['image'] {
  return {
    url: urls.absolute(`/api/books/${encodeURIComponent(book.id)}/cover.png`),
    alt: seoText('coverAlt', language, { title: book.title }),
    width: COVER_PNG.width,
    height: COVER_PNG.height,
    type: 'image/png',
  };
}

/**
 * The page of one thing (a book, an author, a reader, a list) at `path`: its own title, description,
 * preview and JSON-LD, one canonical address per language — or none, with `robots`, for a page that
 * must not be indexed.
 */
export function thingPage(
  urls: PageUrls,
  language: Language,
  options: {
    path: string;
    title: string;
    description: string;
    openGraph: Omit<PageHead['openGraph'], 'title' | 'url'>;
    twitterCard: PageHead['twitterCard'];
    jsonLd: object[];
    robots?: string;
  },
): PageOutcome {
  const url = urls.page(options.path, {}, language);
  const indexed = !options.robots;
  return {
    kind: 'page',
    status: 200,
    head: {
      language,
      title: titled(options.title, language),
      description: options.description,
      canonical: indexed ? url : null,
      alternates: indexed ? urls.alternates(options.path, {}) : [],
      robots: options.robots,
      openGraph: { ...options.openGraph, title: options.title, url },
      twitterCard: options.twitterCard,
      jsonLd: options.jsonLd,
    },
  };
}

/** A page answered 200 with a {@link simple} head. */
export function simplePage(
  urls: PageUrls,
  language: Language,
  options: Parameters<typeof simple>[2],
): PageOutcome {
  return { kind: 'page', status: 200, head: simple(urls, language, options) };
}

/** The 404 page (not indexed). */
export function notFound(urls: PageUrls, language: Language): PageOutcome {
  return {
    kind: 'page',
    status: 404,
    head: simple(urls, language, {
      path: '/',
      title: seoText('notFoundTitle', language),
      description: seoText('notFoundDescription', language),
      robots: 'noindex',
    }),
  };
}

/** A value of the service, or null when it answers 404 (unknown, private, suspended…). */
export async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
