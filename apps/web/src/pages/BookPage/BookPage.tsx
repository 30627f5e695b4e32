import { useQuery } from '@tanstack/react-query';
import { bookActions, isGenreSlug, isLocalBook, type BookDetail } from '@nebab/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { bookQueryOptions } from '../../api/books/queries';
import { isApiError } from '../../api/client';
import { BookCover } from '../../components/BookCover';
import { PenIcon } from '../../components/icons';
import { usePageTitle } from '../../components/usePageTitle';
import type { ReaderSource } from '../../features/reader/readerSource';
import { useReaderHistory } from '../../features/reader/useReaderHistory';
import { useAuth } from '../../features/auth/authContext';
import { AddToListButton } from '../../features/lists/AddToListButton';
import { ReportBookForm } from '../../features/report/ReportBookForm';
import { ReviewsSection } from '../../features/reviews/ReviewsSection';
import { ShareButtons } from '../../features/share/ShareButtons';
import { useOrigin } from '../../ssr/origin';
import { ReadBuyButtons } from './BookActions';
import { aboutLine, authorList, formatPublished, genreList, genreName, languageName } from './bookFacts';
import { BookLoadError, BookNotFound, BookPageSkeleton } from './BookPageStates';
import { bookLangAttr } from '../../lib/langOf';
import { ReadingListButton } from './ReadingListButton';
import { RelatedBooks } from './RelatedBooks';

// Dialogs and forms load when first opened, not with the page (the book page's JavaScript budget).
const BuyDialog = lazy(async () => ({ default: (await import('../../features/buy/BuyDialog')).BuyDialog }));
const ReaderOverlay = lazy(async () => ({
  default: (await import('../../features/reader/ReaderOverlay')).ReaderOverlay,
}));

/** `/book/:id`: one book with its facts, reading and buying options, sharing, reporting and related books. */
export function BookPage() {
  const { id = '' } = useParams();
  const query = useQuery(bookQueryOptions(id));
  const { t } = useTranslation();

  if (query.isPending) return <BookPageSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <BookNotFound />;
    return (
      <BookLoadError
        message={isApiError(query.error) ? query.error.message : t('errors.INTERNAL')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <BookView key={query.data.id} book={query.data} />;
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span aria-hidden="true" className="tracking-tight text-gold">
      {'★'.repeat(full)}
      <span className="text-line-strong">{'★'.repeat(Math.max(0, 5 - full))}</span>
    </span>
  );
}

function BookView({ book }: { book: BookDetail }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const [buyOpen, setBuyOpen] = useState(false);
  const [buyUsed, setBuyUsed] = useState(false);
  const origin = useOrigin();
  usePageTitle(book.title);

  // Review hook: `?openReview=true` or Write Review opens the review form (which moves focus to its
  // comment box) and scrolls to the Reviews section; a signed-out reader's focus goes to the heading,
  // next to the login prompt.
  const { status: authStatus } = useAuth();
  const reviewSectionRef = useRef<HTMLElement>(null);
  const [openReview, setOpenReview] = useState(searchParams.get('openReview') === 'true');
  useEffect(() => {
    if (!openReview) return;
    const section = reviewSectionRef.current;
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    if (authStatus === 'signedOut') section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [openReview, authStatus]);

  const actions = bookActions({
    id: book.id,
    viewability: book.viewability,
    previewLink: book.previewLink,
    hasIsbn: book.industryIdentifiers.length > 0,
    hasFile: book.hasFile,
  });
  const readerSource: ReaderSource | null =
    actions.read.kind === 'reader'
      ? actions.read.source.type === 'drive'
        ? { type: 'drive', fileId: actions.read.source.fileId, url: actions.read.source.url }
        : { type: 'pdf', bookId: book.id }
      : null;
  const reader = useReaderHistory(readerSource !== null);

  const locale = i18n.language === 'am' ? 'am-ET' : 'en-US';
  const number = new Intl.NumberFormat(locale);
  const unknown = t('book.unknown');
  const authors = authorList(book);
  const genres = genreList(book);
  const slugs = genres.filter(isGenreSlug);
  const language = languageName(book.language, i18n.language);
  const shareUrl = `${origin}/book/${encodeURIComponent(book.id)}`;

  const facts: { label: string; value: string }[] = [
    { label: t('book.facts.publisher'), value: book.publisher ?? unknown },
    {
      label: t('book.facts.published'),
      value: formatPublished(book.publicationDate, i18n.language) ?? unknown,
    },
    {
      label: t('book.facts.pages'),
      value: book.pageCount != null ? number.format(book.pageCount) : unknown,
    },
    { label: t('book.facts.language'), value: language ?? unknown },
  ];

  return (
    <div className="page-container py-8 sm:py-12">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article aria-labelledby="book-title" className="min-w-0">
          <div className="grid gap-6 sm:grid-cols-[200px_minmax(0,1fr)] sm:gap-8">
            <div className="mx-auto w-40 sm:mx-0 sm:w-full">
              <BookCover
                title={book.title}
                author={book.author}
                genre={slugs[0] ?? null}
                candidates={[...book.coverCandidates, book.coverImage]}
                size="lg"
                fluid
                alt={t('book.coverAlt', { title: book.title })}
              />
            </div>
            <div className="min-w-0">
              <h1
                id="book-title"
                lang={bookLangAttr(book.title, book.language, i18n.language)}
                className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl"
              >
                {book.title}
              </h1>
              {book.unlisted ? (
                <p className="mt-2 text-sm text-ink-muted" data-testid="book-unlisted">
                  {t('book.unlisted')}
                </p>
              ) : null}
              {book.series ? (
                <p className="mt-1 text-lg text-ink-muted">
                  {book.seriesNumber
                    ? t('book.seriesNumber', { series: book.series, number: book.seriesNumber })
                    : t('book.series', { series: book.series })}
                </p>
              ) : null}
              <p className="mt-3 text-lg">
                {t('book.by')}{' '}
                {authors.length > 0
                  ? authors.map((name, index) => (
                      <span key={name}>
                        {index > 0 ? ', ' : null}
                        {/* The primary author has a page; co-authors lead to a search of their books. */}
                        <Link
                          to={
                            index === 0
                              ? `/author/${encodeURIComponent(name)}`
                              : `/search?author=${encodeURIComponent(name)}`
                          }
                          className="font-semibold text-accent underline"
                          lang={bookLangAttr(name, book.language, i18n.language)}
                        >
                          {name}
                        </Link>
                      </span>
                    ))
                  : t('book.unknownAuthor')}
              </p>

              <p className="mt-3 flex flex-wrap items-center gap-2" data-testid="book-rating">
                {book.rating != null ? (
                  <>
                    <Stars rating={book.rating} />
                    <span className="font-semibold">
                      <span className="sr-only">{t('book.ratingLabel')} </span>
                      {book.rating.toFixed(1)}
                    </span>
                    <span className="text-ink-muted">
                      {t('book.ratingsCount', {
                        count: book.ratingsCount,
                        formatted: number.format(book.ratingsCount),
                      })}
                    </span>
                  </>
                ) : (
                  <span className="text-ink-muted">{t('book.noRating')}</span>
                )}
              </p>

              <div className="mt-4">
                <h2 className="sr-only">{t('book.facts.genres')}</h2>
                {genres.length > 0 ? (
                  <ul className="flex flex-wrap gap-2" aria-label={t('book.facts.genres')}>
                    {genres.map((genre) => (
                      <li key={genre}>
                        {isGenreSlug(genre) ? (
                          <Link
                            to={`/discover?genre=${genre}`}
                            className="chip min-h-9 py-1 text-sm no-underline"
                          >
                            {genreName(t, genre)}
                          </Link>
                        ) : (
                          <span className="chip min-h-9 cursor-default py-1 text-sm">{genre}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-ink-muted">
                    {t('book.facts.genres')}: {unknown}
                  </p>
                )}
              </div>

              <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
                {facts.map((fact) => (
                  <div key={fact.label} className="min-w-0">
                    <dt className="font-semibold text-ink-muted">{fact.label}</dt>
                    <dd className="mt-0.5 [overflow-wrap:anywhere]">{fact.value}</dd>
                  </div>
                ))}
              </dl>

              <div className="mt-6 flex flex-wrap items-start gap-3">
                <ReadBuyButtons
                  read={actions.read}
                  buy={actions.buy}
                  onOpenReader={reader.open}
                  onOpenBuy={() => {
                    setBuyUsed(true);
                    setBuyOpen(true);
                  }}
                />
                <ReadingListButton bookId={book.id} />
                <button type="button" className="btn btn-secondary" onClick={() => setOpenReview(true)}>
                  <PenIcon className="size-4" />
                  {t('book.writeReview')}
                </button>
                <AddToListButton bookId={book.id} bookTitle={book.title} />
              </div>
              <div className="mt-4 flex flex-wrap items-start gap-x-4 gap-y-2">
                <ShareButtons url={shareUrl} title={book.title} />
                <ReportBookForm bookId={book.id} />
              </div>
            </div>
          </div>

          <section aria-labelledby="about-heading" className="mt-10">
            <h2 id="about-heading" className="text-2xl font-semibold">
              {t('book.about.heading')}
            </h2>
            {book.description ? (
              // The description is HTML sanitised by the server (admin-written, allow-listed tags
              // only); this is the one place server HTML is rendered as markup.
              <div
                className="prose-copy mt-3 max-w-prose text-lg leading-relaxed [overflow-wrap:anywhere]"
                data-testid="book-description"
                dangerouslySetInnerHTML={{ __html: book.description }}
              />
            ) : (
              <p className="mt-3 max-w-prose text-lg leading-relaxed" data-testid="book-about-line">
                {aboutLine(t, book, i18n.language)}
              </p>
            )}
            {isLocalBook(book.id) ? (
              <p className="mt-2 text-sm text-ink-muted">{t('book.uploaded')}</p>
            ) : null}
          </section>

          <section
            ref={reviewSectionRef}
            aria-labelledby="reviews-heading"
            className="mt-10 scroll-mt-24"
            data-open-review={openReview ? 'true' : 'false'}
          >
            <h2 id="reviews-heading" tabIndex={-1} className="text-2xl font-semibold">
              {t('book.reviews.heading')}
            </h2>
            <ReviewsSection bookId={book.id} formOpen={openReview} onFormOpenChange={setOpenReview} />
          </section>
        </article>

        <aside className="offscreen-lazy min-w-0">
          <RelatedBooks bookId={book.id} genres={slugs} />
        </aside>
      </div>

      {actions.buy.kind === 'buy' && buyUsed ? (
        <Suspense fallback={null}>
          <BuyDialog open={buyOpen} onOpenChange={setBuyOpen} isbns={book.industryIdentifiers} />
        </Suspense>
      ) : null}
      {readerSource && reader.isOpen ? (
        <Suspense fallback={null}>
          <ReaderOverlay title={book.title} source={readerSource} onClose={reader.close} />
        </Suspense>
      ) : null}
    </div>
  );
}
