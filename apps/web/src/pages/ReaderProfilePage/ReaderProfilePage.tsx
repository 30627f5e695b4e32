import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ProfileBook, ProfileClub, ProfileReview, ProfileShelf, ReaderProfile } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { readerProfileQueryOptions } from '../../api/readers/queries';
import { Badge } from '../../components/Badge';
import { BookCover } from '../../components/BookCover';
import { MapPinIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { usePageTitle } from '../../components/usePageTitle';
import { ListCard } from '../../features/lists/ListCard';
import { useAuth } from '../../features/auth/authContext';
import { BlockButton } from '../../features/readers/BlockButton';
import { FollowButton } from '../../features/readers/FollowButton';
import { useFormatDate } from '../../i18n/useFormatDate';

/**
 * `/reader/{id}`: a reader's public profile as the asker may see it — the card (name, picture,
 * joined, location when shared, counts, follow), then currently reading, shelves, recent reviews,
 * lists and clubs. Followers-only profiles show the card only to those who do not follow; private,
 * blocked, suspended and deleted readers have no profile (the API answers 404).
 */
export function ReaderProfilePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const profile = useQuery({ ...readerProfileQueryOptions(id), retry: false });

  if (profile.isPending)
    return (
      <div className="page-container flex justify-center py-24">
        <Spinner label={t('readersUi.loading')} />
      </div>
    );
  if (profile.isError) {
    if (isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 400))
      return <ProfileUnavailable />;
    return (
      <div className="page-container py-16">
        <div role="alert" className="card flex flex-wrap items-center gap-4 p-6">
          <p>{t('readersUi.loadError')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void profile.refetch()}>
            {t('readersUi.retry')}
          </button>
        </div>
      </div>
    );
  }
  return <Profile profile={profile.data} />;
}

function ProfileUnavailable() {
  const { t } = useTranslation();
  usePageTitle(t('readersUi.notFoundTitle'));
  return (
    <div className="page-container flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{t('readersUi.notFoundTitle')}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-muted">{t('readersUi.notFoundBody')}</p>
      <Link to="/" className="btn btn-primary mt-8">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

function Profile({ profile }: { profile: ReaderProfile }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  usePageTitle(profile.name);
  const base = `/reader/${encodeURIComponent(profile.id)}`;
  const { counts } = profile;

  return (
    <div className="page-container py-10 sm:py-14">
      <header
        className="card flex flex-col gap-6 p-5 sm:flex-row sm:items-start sm:p-8"
        data-testid="reader-card"
      >
        <UserAvatar name={profile.name} pictureUrl={profile.profile_picture} size={96} />
        <div className="min-w-0 flex-1">
          <p className="mb-1 text-sm font-semibold tracking-wide text-ink-muted uppercase">
            {t('readersUi.eyebrow')}
          </p>
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl">{profile.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span>
              {t('readersUi.joined', {
                date: formatDate(profile.joined_at, { year: 'numeric', month: 'long' }),
              })}
            </span>
            {profile.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-4" />
                {t('readersUi.location', { location: profile.location })}
              </span>
            ) : null}
            {profile.visibility !== 'public' ? (
              <Badge>{t(`readersUi.visibility.${profile.visibility}`)}</Badge>
            ) : null}
            {profile.viewer.followsYou ? <Badge tone="accent">{t('readersUi.followsYou')}</Badge> : null}
          </div>
          <ul
            className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm"
            aria-label={t('readersUi.counts.label')}
          >
            <li>
              <CountLink to={profile.restricted ? null : `${base}/followers`}>
                {t('readersUi.counts.followers', {
                  count: counts.followers,
                  formatted: number.format(counts.followers),
                })}
              </CountLink>
            </li>
            <li>
              <CountLink to={profile.restricted ? null : `${base}/following`}>
                {t('readersUi.counts.following', { formatted: number.format(counts.following) })}
              </CountLink>
            </li>
            {counts.booksRead !== null ? (
              <li>
                {t('readersUi.counts.booksRead', {
                  count: counts.booksRead,
                  formatted: number.format(counts.booksRead),
                })}
              </li>
            ) : null}
            {counts.reviews !== null ? (
              <li>
                {t('readersUi.counts.reviews', {
                  count: counts.reviews,
                  formatted: number.format(counts.reviews),
                })}
              </li>
            ) : null}
            {counts.lists !== null ? (
              <li>
                {t('readersUi.counts.lists', { count: counts.lists, formatted: number.format(counts.lists) })}
              </li>
            ) : null}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
          {profile.viewer.self ? (
            <Link to="/dashboard/settings?section=privacy" className="btn btn-secondary">
              {t('readersUi.editProfile')}
            </Link>
          ) : (
            <>
              <FollowButton
                readerId={profile.id}
                name={profile.name}
                follow={profile.viewer.follow}
                visibility={profile.visibility}
              />
              <BlockIfSignedIn profile={profile} />
            </>
          )}
        </div>
      </header>

      {profile.restricted ? (
        <section className="card mt-8 p-6" aria-labelledby="restricted-title">
          <h2 id="restricted-title" className="text-xl font-semibold">
            {t('readersUi.restrictedTitle')}
          </h2>
          <p className="mt-2 text-ink-muted">{t('readersUi.restrictedBody', { name: profile.name })}</p>
        </section>
      ) : (
        <ProfileSections profile={profile} />
      )}
    </div>
  );
}

/** Only signed-in readers block; visitors already get "Log in to follow". */
function BlockIfSignedIn({ profile }: { profile: ReaderProfile }) {
  const { status } = useAuth();
  return status === 'signedIn' ? <BlockButton readerId={profile.id} name={profile.name} /> : null;
}

function CountLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return <span>{children}</span>;
  return (
    <Link to={to} className="font-semibold text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

function ProfileSections({ profile }: { profile: ReaderProfile }) {
  const { t } = useTranslation();
  return (
    <>
      <Section id="currently-reading" title={t('readersUi.sections.currentlyReading')}>
        {!profile.readingListShown ? (
          <p className="text-ink-muted">{t('readersUi.readingListHidden', { name: profile.name })}</p>
        ) : profile.currentlyReading.length === 0 ? (
          <p className="text-ink-muted">{t('readersUi.noCurrentlyReading')}</p>
        ) : (
          <BookStrip books={profile.currentlyReading} size="md" />
        )}
      </Section>
      {profile.readingListShown ? (
        <Section id="shelves" title={t('readersUi.sections.shelves')}>
          <div className="grid gap-6 lg:grid-cols-3">
            {profile.shelves.map((shelf) => (
              <Shelf key={shelf.status} shelf={shelf} />
            ))}
          </div>
        </Section>
      ) : null}
      <Section id="reviews" title={t('readersUi.sections.reviews')}>
        {profile.recentReviews.length === 0 ? (
          <p className="text-ink-muted">{t('readersUi.noReviews')}</p>
        ) : (
          <ul className="grid gap-4">
            {profile.recentReviews.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
        )}
      </Section>
      <Section id="lists" title={t('readersUi.sections.lists')}>
        {profile.lists.length === 0 ? (
          <p className="text-ink-muted">{t('readersUi.noLists')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {profile.lists.map((list) => (
              <li key={list.id}>
                <ListCard list={list} showOwner={false} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="clubs" title={t('readersUi.sections.clubs')}>
        {profile.clubs.length === 0 ? (
          <p className="text-ink-muted">{t('readersUi.noClubs')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {profile.clubs.map((club) => (
              <ClubRow key={club.id} club={club} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-20">
      <h2 id={`${id}-title`} className="mb-4 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function BookStrip({ books, size }: { books: ProfileBook[]; size: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-4">
      {books.map((book) => (
        <li key={book.id} className={size === 'md' ? 'w-32' : 'w-16'}>
          <Link to={`/book/${encodeURIComponent(book.id)}`} className="group block text-ink no-underline">
            <BookCover
              title={book.title}
              author={book.author}
              candidates={book.coverCandidates}
              size={size}
            />
            {size === 'md' ? (
              <>
                <span className="mt-2 block text-sm font-semibold group-hover:underline [overflow-wrap:anywhere]">
                  {book.title}
                </span>
                <span className="block text-xs text-ink-muted">
                  {book.author ?? t('books.unknownAuthor')}
                </span>
              </>
            ) : (
              <span className="sr-only">{book.title}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Shelf({ shelf }: { shelf: ProfileShelf }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <div className="card p-4">
      <h3 className="flex items-baseline justify-between gap-2 font-semibold">
        <span>{t(`readersUi.shelf.${shelf.status}`)}</span>
        <span className="text-sm font-normal text-ink-muted">
          {t('readersUi.shelfCount', { count: shelf.count, formatted: number.format(shelf.count) })}
        </span>
      </h3>
      {shelf.books.length > 0 ? (
        <div className="mt-3">
          <BookStrip books={shelf.books} size="sm" />
        </div>
      ) : null}
    </div>
  );
}

function ReviewRow({ review }: { review: ProfileReview }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="card flex gap-4 p-4">
      <BookCover
        title={review.book.title}
        author={review.book.author}
        candidates={review.book.coverCandidates}
        size="sm"
      />
      <div className="min-w-0">
        <Link
          to={`/book/${encodeURIComponent(review.book.id)}#review-${review.id}`}
          className="font-semibold [overflow-wrap:anywhere]"
        >
          {review.book.title}
        </Link>
        <p className="text-sm text-ink-muted">
          <span role="img" aria-label={t('readersUi.stars', { rating: review.rating })} className="text-gold">
            <span aria-hidden="true">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(Math.max(0, 5 - review.rating))}
            </span>
          </span>{' '}
          · <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
        </p>
        <p className="mt-2 line-clamp-4 whitespace-pre-wrap [overflow-wrap:anywhere]">{review.comment}</p>
      </div>
    </li>
  );
}

function ClubRow({ club }: { club: ProfileClub }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <li className="card p-4">
      <Link to={`/group/${encodeURIComponent(club.id)}`} className="font-semibold [overflow-wrap:anywhere]">
        {club.name}
      </Link>
      <p className="mt-1 text-sm text-ink-muted">
        {t('genre.members', { count: club.member_count, formatted: number.format(club.member_count) })} ·{' '}
        {club.role === 'moderator' ? t('readersUi.moderator') : t('readersUi.member')}
      </p>
    </li>
  );
}
