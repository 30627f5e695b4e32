import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { CLUB_LIMITS, type Club } from '@nebab/shared';
import { clubsQueryOptions } from '../../api/clubs/queries';
import { SearchIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useDebouncedValue } from '../../features/search/useDebouncedValue';
import { ClubCover } from './ClubCover';
import { MembershipBadge } from './MembershipBadge';

/** The address's parameters a search keeps (the page's language, the club in view). */
const KEPT_PARAMS = ['lang', 'club'] as const;

interface ClubBrowserProps {
  selectedId: string | null;
  /** A club of the list was opened (its link changes the address; this shows it on narrow screens). */
  onOpen: () => void;
  signedIn: boolean;
}

/**
 * The list column: search by club name or current book title, the reader's clubs, then every club
 * found. The search is a real GET form (`?q=`) and the clubs are links (`?club=`), so both work
 * before the scripts run or without them, from the server-rendered page; once hydrated the results
 * follow the typing and a submit only writes the search into the address.
 */
export function ClubBrowser({ selectedId, onOpen, signedIn }: ClubBrowserProps) {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useLiveSearchParams();
  const addressQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(addressQuery);
  // The address leads (Back and Forward, a link with ?q=): when its search changes, the box shows it.
  const [shownAddressQuery, setShownAddressQuery] = useState(addressQuery);
  if (shownAddressQuery !== addressQuery) {
    setShownAddressQuery(addressQuery);
    setQuery(addressQuery);
  }
  const q = useDebouncedValue(query.trim(), 250);
  const mine = useQuery(clubsQueryOptions({ mine: true }, signedIn));
  const found = useQuery(clubsQueryOptions({ q: q || undefined }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (query.trim()) next.set('q', query.trim());
      else next.delete('q');
      return next;
    });
  };

  const clubHref = (clubId: string) => {
    const next = new URLSearchParams(params);
    next.set('club', clubId);
    return `?${next.toString()}`;
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <form
        role="search"
        method="get"
        action="/community/bookclub"
        onSubmit={handleSubmit}
        aria-labelledby={`${id}-search`}
      >
        {KEPT_PARAMS.map((name) => {
          const value = params.get(name);
          return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
        })}
        <label id={`${id}-search`} htmlFor={`${id}-q`} className="field-label">
          {t('clubsUi.search.label')}
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={query}
              maxLength={CLUB_LIMITS.searchQueryMax}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('clubsUi.search.placeholder')}
              enterKeyHint="search"
              className="input pl-10"
            />
          </div>
          <button type="submit" className="btn btn-secondary shrink-0">
            {t('clubsUi.search.submit')}
          </button>
        </div>
      </form>

      {signedIn ? (
        <section aria-labelledby={`${id}-mine`} data-testid="your-clubs">
          <h2 id={`${id}-mine`} className="mb-3 text-lg font-semibold">
            {t('clubsUi.yourClubs')}
          </h2>
          {mine.isPending ? (
            <Spinner label={t('clubsUi.loading')} className="size-6" />
          ) : mine.isError ? (
            <p role="alert" className="field-error">
              {mine.error.message}
            </p>
          ) : mine.data.items.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('clubsUi.yourClubsEmpty')}</p>
          ) : (
            <ClubList clubs={mine.data.items} selectedId={selectedId} href={clubHref} onOpen={onOpen} />
          )}
        </section>
      ) : null}

      <section aria-labelledby={`${id}-all`} data-testid="club-results">
        <h2 id={`${id}-all`} className="mb-3 text-lg font-semibold">
          {q ? t('clubsUi.results', { query: q }) : t('clubsUi.allClubs')}
        </h2>
        {found.isPending ? (
          <Spinner label={t('clubsUi.loading')} className="size-6" />
        ) : found.isError ? (
          <div role="alert" className="grid grid-cols-1 justify-items-start gap-2">
            <p className="field-error">{found.error.message}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void found.refetch()}>
              {t('clubsUi.retry')}
            </button>
          </div>
        ) : found.data.items.length === 0 ? (
          <p className="text-sm text-ink-muted">{q ? t('clubsUi.noResults') : t('clubsUi.noClubs')}</p>
        ) : (
          <ClubList clubs={found.data.items} selectedId={selectedId} href={clubHref} onOpen={onOpen} />
        )}
      </section>
    </div>
  );
}

function ClubList({
  clubs,
  selectedId,
  href,
  onOpen,
}: {
  clubs: readonly Club[];
  selectedId: string | null;
  href: (clubId: string) => string;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <ul className="grid grid-cols-1 gap-2">
      {clubs.map((club) => {
        const selected = club.id === selectedId;
        return (
          <li key={club.id}>
            <Link
              to={href(club.id)}
              onClick={onOpen}
              aria-current={selected ? 'true' : undefined}
              data-testid="club-item"
              className={`flex w-full items-center gap-3 rounded-xl border p-3 text-left transition-colors ${
                selected
                  ? 'border-accent bg-accent-soft'
                  : 'border-line bg-surface hover:border-line-strong hover:bg-surface-2'
              }`}
            >
              <ClubCover src={club.coverImage} className="size-11" />
              <span className="min-w-0 flex-1">
                {/* Two lines at most (the whole name on hover and in the club pane), never a tall column of fragments. */}
                <span className="line-clamp-2 font-semibold break-words" title={club.name}>
                  {club.name}
                </span>
                <span className="block truncate text-sm text-ink-muted">
                  {club.restricted
                    ? t('clubsUi.privateClub')
                    : club.currentBook
                      ? t('clubsUi.readingNow', { title: club.currentBook.title })
                      : t('clubsUi.members', {
                          count: club.member_count ?? 0,
                          formatted: number.format(club.member_count ?? 0),
                        })}
                </span>
                <MembershipBadge membership={club.membership} className="mt-1" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
