import { GENRE_SLUGS, type Language } from '@nebab/shared';
import { escapeHtml } from './pages.head.js';
import { authorPath, type PageUrls } from './pages.urls.js';

/** Most addresses one sitemap file may hold (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

/** One address of a sitemap with its last change. */
export interface SitemapEntry {
  path: string;
  params?: Record<string, string>;
  lastmod?: Date;
}

/** A kind of public page listed in the sitemap, in files of at most {@link SITEMAP_LIMIT} addresses. */
export interface SitemapSource {
  name: string;
  count(): Promise<number>;
  page(offset: number, limit: number): Promise<SitemapEntry[]>;
}

/** What the sitemap asks of a module: how many public rows, and a page of them (id, last change). */
interface Directory {
  count(): Promise<number>;
  page(offset: number, limit: number): Promise<Array<{ key: string; lastmod: Date }>>;
}

function pathsOf(name: string, directory: Directory, path: (key: string) => string): SitemapSource {
  return {
    name,
    count: () => directory.count(),
    page: async (offset, limit) =>
      (await directory.page(offset, limit)).map((row) => ({ path: path(row.key), lastmod: row.lastmod })),
  };
}

/** Each module answers for its own public pages. */
export function sitemapSources(deps: {
  books: { sitemap: Directory & { lastModified(): Promise<Date | null> } };
  genres: { lastModified(): Promise<Array<{ key: string; lastmod: Date }>> };
  authors: { sitemap: Directory };
  clubs: { sitemap: Directory };
  lists: { sitemap: Directory };
  profiles: { sitemap: Directory };
}): SitemapSource[] {
  const { books, genres, clubs } = deps;
  return [
    {
      // The site's own pages: landing, indexes; their last change is the catalogue's.
      name: 'pages',
      count: async () => 1,
      async page() {
        const lastmod = (await books.sitemap.lastModified()) ?? undefined;
        return ['/', '/genres', '/books', '/authors', '/community/bookclub', '/aboutus'].map((path) => ({
          path,
          lastmod,
        }));
      },
    },
    {
      name: 'genres',
      count: async () => 1,
      async page() {
        const changed = new Map((await genres.lastModified()).map((row) => [row.key, row.lastmod]));
        return GENRE_SLUGS.map((slug) => ({
          path: '/discover',
          params: { genre: slug },
          lastmod: changed.get(slug),
        }));
      },
    },
    pathsOf('books', books.sitemap, (key) => `/book/${encodeURIComponent(key)}`),
    pathsOf('authors', deps.authors.sitemap, authorPath),
    {
      name: 'clubs',
      count: () => clubs.sitemap.count(),
      page: async (offset, limit) =>
        (await clubs.sitemap.page(offset, limit)).map((row) => ({
          path: '/community/bookclub',
          params: { club: row.key },
          lastmod: row.lastmod,
        })),
    },
    pathsOf('lists', deps.lists.sitemap, (key) => `/list/${key}`),
    pathsOf('readers', deps.profiles.sitemap, (key) => `/reader/${key}`),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function isoDate(date: Date | undefined): string | undefined {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** `/sitemap.xml`: an index of `/sitemaps/{source}-{n}.xml` files (a source past the limit takes several). */
export async function sitemapIndex(
  sources: SitemapSource[],
  urls: PageUrls,
  limit = SITEMAP_LIMIT,
): Promise<string> {
  const files: string[] = [];
  for (const source of sources) {
    const count = await source.count();
    const parts = Math.max(1, Math.ceil(count / limit));
    if (count === 0) continue;
    for (let part = 1; part <= parts; part += 1)
      files.push(urls.absolute(`/sitemaps/${source.name}-${part}.xml`));
  }
  const body = files.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * One sitemap file: each address in the site's default language with its `lastmod` and its English and
 * Amharic alternates (`xhtml:link`, as Google reads hreflang in sitemaps). Null for an unknown file.
 */
export async function sitemapFile(
  sources: SitemapSource[],
  urls: PageUrls,
  defaultLanguage: Language,
  file: string,
  limit = SITEMAP_LIMIT,
): Promise<string | null> {
  const match = /^([a-z]+)-([1-9]\d{0,4})\.xml$/.exec(file);
  const source = match ? sources.find((candidate) => candidate.name === match[1]) : undefined;
  if (!match || !source) return null;
  const part = Number(match[2]);
  const entries = await source.page((part - 1) * limit, limit);
  if (entries.length === 0) return null;
  const lines = entries.map((entry) => {
    const params = entry.params ?? {};
    const lastmod = isoDate(entry.lastmod);
    const alternates = urls
      .alternates(entry.path, params)
      .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}"/>`)
      .join('');
    return `  <url><loc>${escapeHtml(urls.page(entry.path, params, defaultLanguage))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`;
  });
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join('\n')}\n</urlset>\n`;
}

/** `/robots.txt`: everything public may be crawled except the signed-in areas and the API (covers stay). */
export function robotsTxt(urls: PageUrls): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /preferences',
    'Disallow: /upload',
    'Disallow: /auth/',
    // Link previews fetch the covers their og:image names.
    'Allow: /api/books/*/cover',
    '',
    `Sitemap: ${urls.absolute('/sitemap.xml')}`,
    '',
  ].join('\n');
}
