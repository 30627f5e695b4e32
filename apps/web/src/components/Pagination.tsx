import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Page numbers to show: first, last, and a window around the current page, with gaps as null. */
export function pageWindow(current: number, total: number, around = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page += 1) {
    if (page === 1 || page === total || Math.abs(page - current) <= around) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Link of a page (state lives in the URL). */
  hrefFor: (page: number) => string;
  label: string;
}

/** Numbered pagination as links, with Previous and Next. Presentational. */
export function Pagination({ page, totalPages, hrefFor, label }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const base =
    'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium no-underline';
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} className={`${base} border-line text-ink hover:border-accent`}>
              {t('search.previous')}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('search.pageLabel', { page: n })}
                className={`${base} ${n === page ? 'border-accent bg-accent text-on-accent' : 'border-line text-ink hover:border-accent'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <Link to={hrefFor(page + 1)} className={`${base} border-line text-ink hover:border-accent`}>
              {t('search.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
