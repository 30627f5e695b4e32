import { GENRE_CATALOG, isGenreSlug, type BookDetail, type GenreSlug, type Language } from '@nebab/shared';
import type { AuthorsService } from '../authors/authors.service.js';
import { presentBookDetail } from '../books/books.presenter.js';
import type { BooksService } from '../books/books.service.js';
import type { PageHead } from './pages.head.js';
import {
  breadcrumbs,
  datasetCover,
  generatedCover,
  notFound,
  orNull,
  SCHEMA,
  simplePage,
  siteImage,
  thingPage,
  type PageOutcome,
} from './pages.head-parts.js';
import { clip, formatList, formatNumber, plainText, seoText } from './pages.text.js';
import { authorPath, type PageUrls } from './pages.urls.js';

/* The heads of the catalogue's pages: a book, a genre, an author, a genre's lists and groups. */

function isbnOf(book: BookDetail): string | undefined {
  return (book.industryIdentifiers.find((id) => id.type === 'ISBN_13') ?? book.industryIdentifiers[0])
    ?.identifier;
}

function yearOf(date: string | null): string | null {
  return date ? (/^(-?\d{1,4})/.exec(date.trim())?.[1] ?? null) : null;
}

/** A book's page: Book JSON-LD, its cover as the preview, the author's page linked; inactive or unknown: 404. */
export async function bookPage(
  books: Pick<BooksService, 'detail'>,
  urls: PageUrls,
  language: Language,
  id: string,
): Promise<PageOutcome> {
  const row = await orNull(() => books.detail(id, null));
  if (!row) return notFound(urls, language);
  const detail = presentBookDetail(row);
  const path = `/book/${encodeURIComponent(detail.id)}`;
  const url = urls.page(path, {}, language);
  const authors = detail.authors.filter((name) => name && name !== 'N/A');
  const authorText = authors.length > 0 ? formatList(authors, language) : seoText('unknownAuthor', language);
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

  const uploaded = row.coverPath ? urls.absolute(`/api/books/${encodeURIComponent(detail.id)}/cover`) : null;
  const dataset = datasetCover(row.coverUrl) ?? datasetCover(row.thumbnailUrl);
  const image: PageHead['openGraph']['image'] = uploaded
    ? { url: uploaded, alt: seoText('coverAlt', language, { title: detail.title }) }
    : dataset
      ? { url: dataset, alt: seoText('coverAlt', language, { title: detail.title }) }
      : generatedCover(urls, language, detail);

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

  return thingPage(urls, language, {
    path,
    title,
    description,
    openGraph: { type: 'book', image, extra },
    twitterCard: 'summary',
    jsonLd: [JSON.parse(JSON.stringify(bookLd)) as object, breadcrumbs(urls, language, trail)],
  });
}

/** A genre's page (`/discover?genre=`): its title and description in the page's language. */
export function genrePage(urls: PageUrls, language: Language, slug: GenreSlug): PageOutcome {
  const entry = GENRE_CATALOG[slug];
  const params = { genre: slug };
  const url = urls.page('/discover', params, language);
  return simplePage(urls, language, {
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
  });
}

/**
 * An author's page: the `Person` and an `ItemList` of their works, each a `Book` whose `author` is
 * that person (schema.org has `workExample` on creative works, not on people, and a book's cover is
 * no picture of its author); their most rated book's cover previews the page. Unknown: 404.
 */
export async function authorPage(
  authors: Pick<AuthorsService, 'author'>,
  urls: PageUrls,
  language: Language,
  name: string,
): Promise<PageOutcome> {
  const found = await orNull(() => authors.author(name));
  if (!found) return notFound(urls, language);
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
      ? generatedCover(urls, language, top)
      : siteImage(urls, language);
  const title = seoText('authorTitle', language, { name: found.author.name });
  const person = {
    '@type': 'Person',
    '@id': `${urls.page(path, {}, 'en').split('?')[0]}#person`,
    name: found.author.name,
  };
  const works = found.books.slice(0, 10);
  return thingPage(urls, language, {
    path,
    title,
    description,
    openGraph: { type: 'profile', image },
    twitterCard: 'summary',
    jsonLd: [
      { '@context': SCHEMA, ...person, url },
      {
        '@context': SCHEMA,
        '@type': 'ItemList',
        name: seoText('authorWorks', language, { name: found.author.name }),
        numberOfItems: works.length,
        itemListElement: works.map((book, index) => {
          const bookPath = `/book/${encodeURIComponent(book.id)}`;
          return {
            '@type': 'ListItem',
            position: index + 1,
            item: {
              '@type': 'Book',
              '@id': `${urls.page(bookPath, {}, 'en').split('?')[0]}#book`,
              name: book.title,
              url: urls.page(bookPath, {}, language),
              author: person,
            },
          };
        }),
      },
      breadcrumbs(urls, language, [
        [seoText('authorsTitle', language), urls.page('/authors', {}, language)],
        [found.author.name, url],
      ]),
    ],
  });
}

/** A genre's most voted lists, or the clubs that read it (`/genre/{slug}/lists`, `/groups/{slug}`). */
export function genreCollectionPage(
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
  return simplePage(urls, language, {
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
  });
}
