import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authorsQueryOptions } from '../../api/authors/queries';
import { useAnnounce } from '../../components/announcer';
import { BookCover } from '../../components/BookCover';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const PAGE_SIZE = 48;

/** `/authors`: the author index (search, A–Z, pages); each author leads to their page /author/{name}. */
export function AuthorsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawLetter = (params.get('letter') ?? '').toUpperCase();
  const letter = LETTERS.includes(rawLetter) ? rawLetter : '';
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const authors = useQuery(
    authorsQueryOptions({ q: q || undefined, letter: letter || undefined, page, pageSize: PAGE_SIZE }),
  );
  const inputId = useId();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  const href = (next: { q?: string; letter?: string; page?: number }) => {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.letter) search.set('letter', next.letter);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    const text = search.toString();
    return `/authors${text ? `?${text}` : ''}`;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const next = new URLSearchParams();
    if (typeof value === 'string' && value.trim()) next.set('q', value.trim());
    setParams(next);
  };

  const total = authors.data?.total ?? 0;
  // The list is not a live region; its count (or that none was found) is said once when it changes.
  const announce = useAnnounce();
  const outcome =
    !authors.data || authors.isPlaceholderData
      ? null
      : authors.data.items.length === 0
        ? t('authors.empty')
        : t('authors.count', { count: total, formatted: number.format(total) });
  useEffect(() => {
    if (outcome) announce(outcome);
  }, [outcome, announce]);
  return (
    <PageFrame title={t('authors.title')} description={t('authors.description')}>
      <form
        role="search"
        aria-label={t('authors.searchLabel')}
        onSubmit={submit}
        className="flex max-w-xl gap-2"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('authors.searchLabel')}
        </label>
        <input
          key={q}
          id={inputId}
          name="q"
          type="search"
          className="input"
          defaultValue={q}
          placeholder={t('authors.placeholder')}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary shrink-0">
          {t('search.submit')}
        </button>
      </form>

      <nav aria-label={t('authors.letters')} className="mt-6">
        <ul className="flex flex-wrap gap-1">
          <li>
            <Link
              to={href({ q })}
              aria-current={!letter ? 'page' : undefined}
              className={`inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium no-underline ${!letter ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface-2'}`}
            >
              {t('authors.all')}
            </Link>
          </li>
          {LETTERS.map((l) => (
            <li key={l}>
              <Link
                to={href({ q, letter: l })}
                aria-current={letter === l ? 'page' : undefined}
                className={`inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg text-sm font-medium no-underline ${letter === l ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface-2'}`}
              >
                {l}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6" aria-busy={authors.isFetching}>
        {authors.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('authors.loading')} />
          </div>
        ) : authors.isError ? (
          <p role="alert" className="card p-6">
            {t('authors.error')}
          </p>
        ) : authors.data.items.length === 0 ? (
          <p className="card p-6 text-ink-muted">{t('authors.empty')}</p>
        ) : (
          <>
            <p className="mb-4 text-sm text-ink-muted">
              {t('authors.count', { count: total, formatted: number.format(total) })}
            </p>
            <ul data-testid="authors-list" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {authors.data.items.map((author) => (
                <li key={author.name} className="card relative flex min-w-0 items-center gap-3 p-3">
                  <BookCover
                    title={author.topBook?.title ?? author.name}
                    author={author.name}
                    genre={author.topBook?.genre}
                    candidates={
                      author.topBook ? [...author.topBook.coverCandidates, author.topBook.coverImage] : []
                    }
                    size="sm"
                  />
                  <div className="min-w-0">
                    <Link
                      to={`/author/${encodeURIComponent(author.name)}`}
                      className="font-semibold text-ink after:absolute after:inset-0 hover:underline"
                    >
                      {author.name}
                    </Link>
                    <p className="text-sm text-ink-muted">
                      {t('authors.books', {
                        count: author.bookCount,
                        formatted: number.format(author.bookCount),
                      })}
                      {author.averageRating != null
                        ? ` · ${t('authors.averageRating', { rating: author.averageRating.toFixed(1) })}`
                        : ''}
                    </p>
                    {author.topBook ? (
                      <p className="truncate text-sm text-ink-muted">
                        {t('authors.knownFor', { title: author.topBook.title })}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={Math.ceil(total / PAGE_SIZE)}
              hrefFor={(p) => href({ q, letter, page: p })}
              label={t('authors.pagination')}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}
