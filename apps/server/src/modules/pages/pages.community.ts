import type { Language } from '@nebab/shared';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { ListsService } from '../lists/lists.service.js';
import type { ProfilesService } from '../readers/profiles.service.js';
import type { PageHead } from './pages.head.js';
import {
  breadcrumbs,
  generatedCover,
  notFound,
  orNull,
  SCHEMA,
  simplePage,
  siteImage,
  thingPage,
  UUID,
  type PageOutcome,
} from './pages.head-parts.js';
import { clip, formatList, formatNumber, plainText, seoText } from './pages.text.js';
import type { PageUrls } from './pages.urls.js';

/* The heads of the community's pages: a reader's profile, a book list, a club. */

/** A reader's profile as anyone may see it: public in full, followers-only as a card (not indexed). */
export async function readerPage(
  profiles: Pick<ProfilesService, 'publicProfile'>,
  urls: PageUrls,
  language: Language,
  id: string,
): Promise<PageOutcome> {
  if (!UUID.test(id)) return notFound(urls, language);
  const view = await orNull(() => profiles.publicProfile(id));
  if (!view) return notFound(urls, language);
  const path = `/reader/${id}`;
  const url = urls.page(path, {}, language);
  const name = view.reader.name;
  const followers = formatNumber(view.followCounts.followers, language);
  // The figures the profile shows a visitor: no books-read count when the reading list is hidden.
  const booksRead = view.counts?.booksRead ?? null;
  const figures = {
    name,
    followers,
    reviews: formatNumber(view.counts?.reviews ?? 0, language),
    lists: formatNumber(view.listCount, language),
  };
  const description =
    view.access !== 'full'
      ? seoText('readerCardDescription', language, { name, followers })
      : booksRead === null
        ? seoText('readerDescriptionWithoutReading', language, figures)
        : seoText('readerDescription', language, { ...figures, read: formatNumber(booksRead, language) });
  const title = seoText('readerTitle', language, { name });
  const picture = view.reader.profilePicture;
  const image: PageHead['openGraph']['image'] =
    picture && /^(https:\/\/|\/api\/avatars\/)/.test(picture)
      ? { url: picture.startsWith('/') ? urls.absolute(picture) : picture, alt: name }
      : siteImage(urls, language);
  const card = view.access !== 'full';
  return thingPage(urls, language, {
    path,
    title,
    description,
    robots: card ? 'noindex, follow' : undefined,
    openGraph: { type: 'profile', image },
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
  });
}

/** A public book list (private ones are 404: the server never knows the visitor). */
export async function listPage(
  lists: Pick<ListsService, 'get'>,
  urls: PageUrls,
  language: Language,
  id: string,
): Promise<PageOutcome> {
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
  const image = first ? generatedCover(urls, language, first) : siteImage(urls, language);
  return thingPage(urls, language, {
    path,
    title,
    description,
    openGraph: { type: 'website', image },
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
  });
}

/** A public club's page; a private or unknown club is 404 (the server never knows the visitor). */
export async function clubPage(
  clubs: Pick<ClubsService, 'get'>,
  urls: PageUrls,
  language: Language,
  clubId: string,
): Promise<PageOutcome> {
  if (!UUID.test(clubId)) return notFound(urls, language);
  const view = await orNull(() => clubs.get(null, clubId));
  if (!view) return notFound(urls, language);
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
  return simplePage(urls, language, {
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
  });
}
