import type { Language } from '@nebab/shared';
import type { AuthorsService } from '../authors/authors.service.js';
import type { BooksService } from '../books/books.service.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { GenresService } from '../genres/genres.service.js';
import type { ListsService } from '../lists/lists.service.js';
import type { ProfilesService } from '../readers/profiles.service.js';
import type { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { authorPage, bookPage, genreCollectionPage, genrePage } from './pages.catalogue.js';
import { clubPage, listPage, readerPage } from './pages.community.js';
import { breadcrumbs, notFound, SCHEMA, simplePage, type PageOutcome } from './pages.head-parts.js';
import { sitemapSources } from './pages.sitemap.js';
import type { PageRoute, StaticPage } from './pages.match.js';
import { seoText } from './pages.text.js';
import { pageUrls, type PageUrls } from './pages.urls.js';

/**
 * Heads of the public pages (title, plain-text description, canonical, hreflang, Open Graph, Twitter,
 * JSON-LD) in the page's language, and their status: unknown books, authors and clubs and private
 * clubs are 404 (the server never knows the reader: page requests carry no token). The catalogue's
 * pages are built in pages.catalogue.ts, the community's in pages.community.ts.
 */
export function createPagesService(deps: {
  publicUrl: string;
  books: BooksService;
  authors: AuthorsService;
  genres: GenresService;
  clubs: ClubsService;
  profiles: ProfilesService;
  lists: ListsService;
  siteSettings: SiteSettingsService;
}) {
  const { books, authors, genres, clubs, profiles, lists, siteSettings } = deps;

  async function urlsFor(): Promise<{ urls: PageUrls; defaultLanguage: Language }> {
    const { defaultLanguage } = await siteSettings.get();
    return { urls: pageUrls(deps.publicUrl, defaultLanguage), defaultLanguage };
  }

  const STATIC_TEXT: Record<StaticPage, { path: string; title: string; description: string }> = {
    genres: { path: '/genres', title: 'genresTitle', description: 'genresDescription' },
    books: { path: '/books', title: 'booksTitle', description: 'booksDescription' },
    about: { path: '/aboutus', title: 'aboutTitle', description: 'aboutDescription' },
    privacy: { path: '/privacy', title: 'privacyTitle', description: 'privacyDescription' },
    terms: { path: '/terms', title: 'termsTitle', description: 'termsDescription' },
    contact: { path: '/contact', title: 'contactTitle', description: 'contactDescription' },
    reviews: { path: '/reviews', title: 'reviewsTitle', description: 'reviewsDescription' },
  };

  return {
    /** The head and status of a page in `language` (or where it moved). */
    async describe(route: PageRoute, language: Language): Promise<PageOutcome> {
      const { urls } = await urlsFor();
      switch (route.kind) {
        case 'book':
          return bookPage(books, urls, language, route.id);
        case 'genre':
          return genrePage(urls, language, route.slug);
        case 'genreAlias': {
          const location = new URL(urls.page('/discover', { genre: route.slug }, language));
          return {
            kind: 'redirect',
            location: `${location.pathname}${location.search}${route.anchor ? `#${route.anchor}` : ''}`,
          };
        }
        case 'author':
          return authorPage(authors, urls, language, route.name);
        case 'reader':
          return readerPage(profiles, urls, language, route.id);
        case 'list':
          return listPage(lists, urls, language, route.id);
        case 'genreLists':
          return genreCollectionPage(urls, language, route.slug, 'lists');
        case 'groups':
          return genreCollectionPage(urls, language, route.slug, 'groups');
        case 'clubs':
          if (route.clubId) return clubPage(clubs, urls, language, route.clubId);
          return simplePage(urls, language, {
            path: '/community/bookclub',
            title: seoText('clubsTitle', language),
            description: seoText('clubsDescription', language),
            // The clubs page is a page; a search of its clubs (`?q=`, its GET form) is a result.
            robots: route.q ? 'noindex, follow' : undefined,
          });
        case 'authors': {
          // Letters and pages are addresses of their own; a name search is a result page, not indexed.
          const letter = route.letter && /^[A-Z]$/.test(route.letter) ? route.letter : undefined;
          const page =
            route.page && /^[1-9]\d{0,3}$/.test(route.page) && route.page !== '1' ? route.page : undefined;
          return simplePage(urls, language, {
            path: '/authors',
            params: { letter, page },
            title: seoText('authorsTitle', language),
            description: seoText('authorsDescription', language),
            robots: route.q ? 'noindex, follow' : undefined,
            jsonLd: [
              breadcrumbs(urls, language, [
                [seoText('authorsTitle', language), urls.page('/authors', {}, language)],
              ]),
            ],
          });
        }
        case 'search': {
          const title = route.author
            ? seoText('searchAuthorTitle', language, { author: route.author })
            : route.q
              ? seoText('searchResultsTitle', language, { query: route.q })
              : seoText('searchTitle', language);
          return simplePage(urls, language, {
            path: '/search',
            title,
            description: seoText('searchDescription', language),
            // The search page itself is a page; its results are not (endless, thin, duplicate).
            robots: route.q || route.author || route.filtered ? 'noindex, follow' : undefined,
          });
        }
        case 'static': {
          const text = STATIC_TEXT[route.page];
          return simplePage(urls, language, {
            path: text.path,
            title: seoText(text.title, language),
            description: seoText(text.description, language),
          });
        }
        case 'landing':
          return simplePage(urls, language, {
            path: '/',
            title: seoText('siteName', language),
            fullTitle: seoText('siteTitle', language),
            description: seoText('siteDescription', language),
            jsonLd: [
              {
                '@context': SCHEMA,
                '@type': 'WebSite',
                name: 'Nebab',
                alternateName: 'ንባብ',
                url: urls.page('/', {}, language),
                inLanguage: language,
                potentialAction: {
                  '@type': 'SearchAction',
                  target: {
                    '@type': 'EntryPoint',
                    urlTemplate: `${urls.absolute('/search')}?q={search_term_string}`,
                  },
                  'query-input': 'required name=search_term_string',
                },
              },
              {
                '@context': SCHEMA,
                '@type': 'Organization',
                name: 'Nebab',
                url: urls.absolute('/'),
                logo: urls.absolute('/icons/icon-512.png'),
              },
            ],
          });
        case 'app':
          return simplePage(urls, language, {
            path: '/',
            title: seoText(route.screen ? `${route.screen}Title` : 'siteName', language),
            fullTitle: route.screen ? undefined : seoText('siteTitle', language),
            description: seoText(route.screen ? `${route.screen}Description` : 'siteDescription', language),
            robots: 'noindex',
          });
        case 'notFound':
          return notFound(urls, language);
        case 'moved':
          return { kind: 'redirect', location: route.to };
      }
    },

    /** The site's default language (pages without `?lang=` and without the reader's cookie use it). */
    async defaultLanguage(): Promise<Language> {
      return (await urlsFor()).defaultLanguage;
    },

    /** Absolute addresses in the site's URL scheme (for the sitemap). */
    urls: async () => (await urlsFor()).urls,

    /** The kinds of public pages the sitemap lists. */
    sitemap: sitemapSources({ books, authors, genres, clubs, lists, profiles }),
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
