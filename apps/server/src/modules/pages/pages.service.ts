import { GENRE_CATALOG, isGenreSlug, type BookDetail, type GenreSlug, type Language } from '@nebab/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { AuthorsService } from '../authors/authors.service.js';
import type { BooksService } from '../books/books.service.js';
import { presentBookDetail, presentGenreListItem } from '../books/books.presenter.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { GenresService } from '../genres/genres.service.js';
import type { ListsService } from '../lists/lists.service.js';
import type { ProfilesService } from '../readers/profiles.service.js';
import type { SiteSettingsService } from '../site-settings/site-settings.service.js';
import type { PageHead } from './pages.head.js';
import { sitemapSources } from './pages.sitemap.js';
import type { PageRoute, StaticPage } from './pages.match.js';
import { clip, formatList, formatNumber, plainText, seoText } from './pages.text.js';
import { authorPath, pageUrls, type PageUrls } from './pages.urls.js';

/** The site's preview image (1200×630, in the client build's public folder). */
export const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
/** The generated cover as PNG (for link previews: networks do not show SVG). */
export const COVER_PNG = { width: 400, height: 600 };

/** What the server answers for a page: its head and status, or a permanent redirect. */
export type PageOutcome =
  { kind: 'page'; status: 200 | 404; head: PageHead } | { kind: 'redirect'; location: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEMA = 'https://schema.org';

/** Reader-facing address of a dataset cover, when it is a real picture (not a "no photo" placeholder). */
function datasetCover(url: string | null): string | null {
  if (!url || !/^https:\/\//.test(url) || /nophoto/i.test(url)) return null;
  return url;
}

function isbnOf(book: BookDetail): string | undefined {
  return (book.industryIdentifiers.find((id) => id.type === 'ISBN_13') ?? book.industryIdentifiers[0])
    ?.identifier;
}

function yearOf(date: string | null): string | null {
  return date ? (/^(-?\d{1,4})/.exec(date.trim())?.[1] ?? null) : null;
}

/**
 * Heads of the public pages (title, plain-text description, canonical, hreflang, Open Graph, Twitter,
 * JSON-LD) in the page's language, and their status: unknown books, authors and clubs and private
 * clubs are 404 (the server never knows the reader: page requests carry no token).
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

  function siteImage(urls: PageUrls, language: Language): PageHead['openGraph']['image'] {
    return {
      url: urls.absolute(SITE_IMAGE.path),
      alt: seoText('siteTitle', language),
      width: SITE_IMAGE.width,
      height: SITE_IMAGE.height,
      type: 'image/png',
    };
  }

  function titled(title: string, language: Language): string {
    return `${title} · ${seoText('siteName', language)}`;
  }

  function breadcrumbs(urls: PageUrls, language: Language, items: Array<[name: string, url: string]>) {
    const all: Array<[string, string]> = [
      [seoText('home', language), urls.page('/', {}, language)],
      ...items,
    ];
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
  function simple(
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

  function notFound(urls: PageUrls, language: Language): PageOutcome {
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

  async function book(urls: PageUrls, language: Language, id: string): Promise<PageOutcome> {
    let row;
    try {
      row = await books.detail(id, null);
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(urls, language);
      throw error;
    }
    const detail = presentBookDetail(row);
    const path = `/book/${encodeURIComponent(detail.id)}`;
    const url = urls.page(path, {}, language);
    const authors = detail.authors.filter((name) => name && name !== 'N/A');
    const authorText =
      authors.length > 0 ? formatList(authors, language) : seoText('unknownAuthor', language);
    const genres = (Array.isArray(detail.genres) ? detail.genres : []).filter(isGenreSlug);
    const genreNames = genres.map((slug) => GENRE_CATALOG[slug].name[language]);
    const year = yearOf(detail.publicationDate);

    let description: string;
    const written = detail.description ? plainText(detail.description) : '';
    if (written) {
      description = clip(written);
    } else {
      const parts = [seoText('bookSummary', language, { title: detail.title, author: authorText })];
      if (year) parts.push(seoText('bookYear', language, { year }));
      if (genreNames.length > 0)
        parts.push(seoText('bookGenres', language, { genres: formatList(genreNames.slice(0, 3), language) }));
      if (detail.rating != null && detail.ratingsCount > 0)
        parts.push(
          seoText('bookRating', language, {
            rating: detail.rating.toFixed(1),
            count: formatNumber(detail.ratingsCount, language),
          }),
        );
      if (detail.pageCount)
        parts.push(seoText('bookPages', language, { count: formatNumber(detail.pageCount, language) }));
      description = clip(parts.join(' '), 300);
    }

    const uploaded = row.coverPath
      ? urls.absolute(`/api/books/${encodeURIComponent(detail.id)}/cover`)
      : null;
    const dataset = datasetCover(row.coverUrl) ?? datasetCover(row.thumbnailUrl);
    const image: PageHead['openGraph']['image'] = uploaded
      ? { url: uploaded, alt: seoText('coverAlt', language, { title: detail.title }) }
      : dataset
        ? { url: dataset, alt: seoText('coverAlt', language, { title: detail.title }) }
        : {
            url: urls.absolute(`/api/books/${encodeURIComponent(detail.id)}/cover.png`),
            alt: seoText('coverAlt', language, { title: detail.title }),
            width: COVER_PNG.width,
            height: COVER_PNG.height,
            type: 'image/png',
          };

    const isbn = isbnOf(detail);
    // The primary author has a page (the author index lists primary authors); co-authors are named only.
    const authorUrls = authors.map((name, index) =>
      index === 0 ? urls.page(authorPath(name), {}, language) : undefined,
    );
    const extra: Array<[string, string]> = [];
    if (isbn) extra.push(['book:isbn', isbn]);
    if (authorUrls[0]) extra.push(['book:author', authorUrls[0]]);
    if (year && /^\d{4}$/.test(year)) extra.push(['book:release_date', detail.publicationDate ?? year]);
    for (const name of genreNames) extra.push(['book:tag', name]);

    const title =
      authors.length > 0
        ? seoText('bookTitle', language, { title: detail.title, author: authorText })
        : detail.title;
    const bookLd: Record<string, unknown> = {
      '@context': SCHEMA,
      '@type': 'Book',
      '@id': `${urls.page(path, {}, 'en').split('?')[0]}#book`,
      name: detail.title,
      url,
      inLanguage: detail.language && detail.language !== 'N/A' ? detail.language : undefined,
      author: authors.map((name, index) => ({ '@type': 'Person', name, url: authorUrls[index] })),
      isbn,
      image: image.url,
      description,
      datePublished: detail.publicationDate ?? undefined,
      publisher: detail.publisher ? { '@type': 'Organization', name: detail.publisher } : undefined,
      numberOfPages: detail.pageCount ?? undefined,
      genre: genreNames.length > 0 ? genreNames : undefined,
      alternateName: detail.altTitles.length > 0 ? detail.altTitles : undefined,
      aggregateRating:
        detail.rating != null && detail.ratingsCount > 0
          ? {
              '@type': 'AggregateRating',
              ratingValue: detail.rating,
              ratingCount: detail.ratingsCount,
              bestRating: 5,
              worstRating: 1,
            }
          : undefined,
    };
    const trail: Array<[string, string]> = [];
    if (genres[0])
      trail.push([
        GENRE_CATALOG[genres[0]].name[language],
        urls.page('/discover', { genre: genres[0] }, language),
      ]);
    trail.push([detail.title, url]);

    return {
      kind: 'page',
      status: 200,
      head: {
        language,
        title: titled(title, language),
        description,
        canonical: url,
        alternates: urls.alternates(path, {}),
        openGraph: { type: 'book', title, url, image, extra },
        twitterCard: 'summary',
        jsonLd: [JSON.parse(JSON.stringify(bookLd)) as object, breadcrumbs(urls, language, trail)],
      },
    };
  }

  function genre(urls: PageUrls, language: Language, slug: GenreSlug): PageOutcome {
    const entry = GENRE_CATALOG[slug];
    const params = { genre: slug };
    const url = urls.page('/discover', params, language);
    return {
      kind: 'page',
      status: 200,
      head: simple(urls, language, {
        path: '/discover',
        params,
        title: entry.title[language],
        description: entry.description[language],
        jsonLd: [
          {
            '@context': SCHEMA,
            '@type': 'CollectionPage',
            name: entry.title[language],
            description: entry.description[language],
            url,
            inLanguage: language,
          },
          breadcrumbs(urls, language, [
            [seoText('genresTitle', language), urls.page('/genres', {}, language)],
            [entry.name[language], url],
          ]),
        ],
      }),
    };
  }

  async function author(urls: PageUrls, language: Language, name: string): Promise<PageOutcome> {
    let found;
    try {
      found = await authors.author(name);
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(urls, language);
      throw error;
    }
    const path = authorPath(found.author.name);
    const url = urls.page(path, {}, language);
    const top = found.books[0];
    const count = formatNumber(found.author.bookCount, language);
    const values = { name: found.author.name, count, top: top?.title ?? '—' };
    const description =
      found.author.averageRating != null
        ? seoText('authorDescription', language, {
            ...values,
            rating: found.author.averageRating.toFixed(1),
          })
        : seoText('authorDescriptionNoRating', language, values);
    const topCover = top ? (datasetCover(top.coverUrl) ?? datasetCover(top.thumbnailUrl)) : null;
    const image: PageHead['openGraph']['image'] = topCover
      ? { url: topCover, alt: seoText('coverAlt', language, { title: top!.title }) }
      : top
        ? {
            url: urls.absolute(`/api/books/${encodeURIComponent(top.id)}/cover.png`),
            alt: seoText('coverAlt', language, { title: top.title }),
            width: COVER_PNG.width,
            height: COVER_PNG.height,
            type: 'image/png',
          }
        : siteImage(urls, language);
    const title = seoText('authorTitle', language, { name: found.author.name });
    return {
      kind: 'page',
      status: 200,
      head: {
        language,
        title: titled(title, language),
        description,
        canonical: url,
        alternates: urls.alternates(path, {}),
        openGraph: { type: 'profile', title, url, image },
        twitterCard: 'summary',
        jsonLd: [
          {
            '@context': SCHEMA,
            '@type': 'Person',
            '@id': `${urls.page(path, {}, 'en').split('?')[0]}#person`,
            name: found.author.name,
            url,
            image: image.url,
            workExample: found.books.slice(0, 10).map((item) => {
              const card = presentGenreListItem(item);
              return {
                '@type': 'Book',
                name: card.title,
                url: urls.page(`/book/${encodeURIComponent(card.id)}`, {}, language),
              };
            }),
          },
          breadcrumbs(urls, language, [
            [seoText('authorsTitle', language), urls.page('/authors', {}, language)],
            [found.author.name, url],
          ]),
        ],
      },
    };
  }

  /** A value of the service, or null when it answers 404 (unknown, private, suspended…). */
  async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** A reader's profile as anyone may see it: public in full, followers-only as a card (not indexed). */
  async function reader(urls: PageUrls, language: Language, id: string): Promise<PageOutcome> {
    if (!UUID.test(id)) return notFound(urls, language);
    const view = await orNull(() => profiles.publicProfile(id));
    if (!view) return notFound(urls, language);
    const path = `/reader/${id}`;
    const url = urls.page(path, {}, language);
    const name = view.reader.name;
    const followers = formatNumber(view.followCounts.followers, language);
    const description =
      view.access === 'full'
        ? seoText('readerDescription', language, {
            name,
            followers,
            read: formatNumber(view.counts?.booksRead ?? 0, language),
            reviews: formatNumber(view.counts?.reviewsWritten ?? 0, language),
            lists: formatNumber(view.listCount, language),
          })
        : seoText('readerCardDescription', language, { name, followers });
    const title = seoText('readerTitle', language, { name });
    const picture = view.reader.profilePicture;
    const image: PageHead['openGraph']['image'] =
      picture && /^(https:\/\/|\/api\/avatars\/)/.test(picture)
        ? { url: picture.startsWith('/') ? urls.absolute(picture) : picture, alt: name }
        : siteImage(urls, language);
    const card = view.access !== 'full';
    return {
      kind: 'page',
      status: 200,
      head: {
        language,
        title: titled(title, language),
        description,
        canonical: card ? null : url,
        alternates: card ? [] : urls.alternates(path, {}),
        robots: card ? 'noindex, follow' : undefined,
        openGraph: { type: 'profile', title, url, image },
        twitterCard: 'summary',
        jsonLd: [
          {
            '@context': SCHEMA,
            '@type': 'ProfilePage',
            url,
            dateCreated: view.reader.createdAt.toISOString(),
            mainEntity: { '@type': 'Person', name, url, image: image.url },
          },
        ],
      },
    };
  }

  /** A public book list (private ones are 404: the server never knows the visitor). */
  async function list(urls: PageUrls, language: Language, id: string): Promise<PageOutcome> {
    if (!UUID.test(id)) return notFound(urls, language);
    const view = await orNull(() => lists.get(null, id));
    if (!view) return notFound(urls, language);
    const path = `/list/${id}`;
    const url = urls.page(path, {}, language);
    const owner = view.owner.name;
    const title = seoText('listTitle', language, { title: view.list.title, owner });
    const books = view.items.map((item) => item.book);
    const description = clip(
      plainText(view.list.description) ||
        (books.length > 0
          ? seoText('listDescription', language, {
              count: formatNumber(books.length, language),
              top: formatList(
                books.slice(0, 3).map((book) => book.title),
                language,
              ),
            })
          : seoText('listDescriptionEmpty', language, { owner })),
      250,
    );
    const first = books[0];
    const image: PageHead['openGraph']['image'] = first
      ? {
          url: urls.absolute(`/api/books/${encodeURIComponent(first.id)}/cover.png`),
          alt: seoText('coverAlt', language, { title: first.title }),
          width: COVER_PNG.width,
          height: COVER_PNG.height,
          type: 'image/png',
        }
      : siteImage(urls, language);
    return {
      kind: 'page',
      status: 200,
      head: {
        language,
        title: titled(title, language),
        description,
        canonical: url,
        alternates: urls.alternates(path, {}),
        openGraph: { type: 'website', title, url, image },
        twitterCard: 'summary_large_image',
        jsonLd: [
          {
            '@context': SCHEMA,
            '@type': 'ItemList',
            name: view.list.title,
            url,
            numberOfItems: books.length,
            itemListElement: books.slice(0, 100).map((book, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              url: urls.page(`/book/${encodeURIComponent(book.id)}`, {}, language),
              name: book.title,
            })),
          },
        ],
      },
    };
  }

  /** A genre's most voted lists, or the clubs that read it (`/genre/{slug}/lists`, `/groups/{slug}`). */
  function genreCollection(
    urls: PageUrls,
    language: Language,
    slug: GenreSlug,
    which: 'lists' | 'groups',
  ): PageOutcome {
    const genreName = GENRE_CATALOG[slug].name[language];
    const path = which === 'lists' ? `/genre/${slug}/lists` : `/groups/${slug}`;
    const title = seoText(which === 'lists' ? 'genreListsTitle' : 'groupsTitle', language, {
      genre: genreName,
    });
    return {
      kind: 'page',
      status: 200,
      head: simple(urls, language, {
        path,
        title,
        description: seoText(which === 'lists' ? 'genreListsDescription' : 'groupsDescription', language, {
          genre: genreName,
        }),
        jsonLd: [
          breadcrumbs(urls, language, [
            [GENRE_CATALOG[slug].title[language], urls.page('/discover', { genre: slug }, language)],
            [title, urls.page(path, {}, language)],
          ]),
        ],
      }),
    };
  }

  async function club(urls: PageUrls, language: Language, clubId: string): Promise<PageOutcome> {
    if (!UUID.test(clubId)) return notFound(urls, language);
    let view;
    try {
      view = await clubs.get(null, clubId);
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(urls, language);
      throw error;
    }
    // A private club is not shown to an unknown visitor (its members see it once the client knows them).
    if (view.restricted) return notFound(urls, language);
    const params = { club: clubId };
    const url = urls.page('/community/bookclub', params, language);
    const count = formatNumber(view.memberCount, language);
    const parts = [
      view.club.description
        ? clip(plainText(view.club.description), 160)
        : seoText('clubDescription', language, { count }),
    ];
    if (view.currentBook) parts.push(seoText('clubReading', language, { title: view.currentBook.title }));
    const title = seoText('clubTitle', language, { name: view.club.name });
    return {
      kind: 'page',
      status: 200,
      head: simple(urls, language, {
        path: '/community/bookclub',
        params,
        title,
        description: clip(parts.join(' '), 250),
        jsonLd: [
          {
            '@context': SCHEMA,
            '@type': 'Organization',
            name: view.club.name,
            description: view.club.description || undefined,
            url,
          },
          breadcrumbs(urls, language, [
            [seoText('clubsTitle', language), urls.page('/community/bookclub', {}, language)],
            [view.club.name, url],
          ]),
        ],
      }),
    };
  }

  const STATIC_TEXT: Record<StaticPage, { path: string; title: string; description: string }> = {
    genres: { path: '/genres', title: 'genresTitle', description: 'genresDescription' },
    books: { path: '/books', title: 'booksTitle', description: 'booksDescription' },
    about: { path: '/aboutus', title: 'aboutTitle', description: 'aboutDescription' },
    privacy: { path: '/privacy', title: 'privacyTitle', description: 'siteDescription' },
    terms: { path: '/terms', title: 'termsTitle', description: 'siteDescription' },
    contact: { path: '/contact', title: 'contactTitle', description: 'siteDescription' },
    reviews: { path: '/reviews', title: 'reviewsTitle', description: 'siteDescription' },
  };

  return {
    /** The head and status of a page in `language` (or where it moved). */
    async describe(route: PageRoute, language: Language): Promise<PageOutcome> {
      const { urls } = await urlsFor();
      switch (route.kind) {
        case 'book':
          return book(urls, language, route.id);
        case 'genre':
          return genre(urls, language, route.slug);
        case 'genreAlias': {
          const location = new URL(urls.page('/discover', { genre: route.slug }, language));
          return {
            kind: 'redirect',
            location: `${location.pathname}${location.search}${route.anchor ? `#${route.anchor}` : ''}`,
          };
        }
        case 'author':
          return author(urls, language, route.name);
        case 'reader':
          return reader(urls, language, route.id);
        case 'list':
          return list(urls, language, route.id);
        case 'genreLists':
          return genreCollection(urls, language, route.slug, 'lists');
        case 'groups':
          return genreCollection(urls, language, route.slug, 'groups');
        case 'clubs':
          if (route.clubId) return club(urls, language, route.clubId);
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
              path: '/community/bookclub',
              title: seoText('clubsTitle', language),
              description: seoText('clubsDescription', language),
            }),
          };
        case 'authors': {
          // Letters and pages are addresses of their own; a name search is a result page, not indexed.
          const letter = route.letter && /^[A-Z]$/.test(route.letter) ? route.letter : undefined;
          const page =
            route.page && /^[1-9]\d{0,3}$/.test(route.page) && route.page !== '1' ? route.page : undefined;
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
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
            }),
          };
        }
        case 'search': {
          const title = route.author
            ? seoText('searchAuthorTitle', language, { author: route.author })
            : route.q
              ? seoText('searchResultsTitle', language, { query: route.q })
              : seoText('searchTitle', language);
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
              path: '/search',
              title,
              description: seoText('searchDescription', language),
              // The search page itself is a page; its results are not (endless, thin, duplicate).
              robots: route.q || route.author || route.filtered ? 'noindex, follow' : undefined,
            }),
          };
        }
        case 'static': {
          const text = STATIC_TEXT[route.page];
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
              path: text.path,
              title: seoText(text.title, language),
              description: seoText(text.description, language),
            }),
          };
        }
        case 'landing':
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
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
            }),
          };
        case 'app':
          return {
            kind: 'page',
            status: 200,
            head: simple(urls, language, {
              path: '/',
              title: seoText('siteName', language),
              fullTitle: seoText('siteTitle', language),
              description: seoText('siteDescription', language),
              robots: 'noindex',
            }),
          };
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
