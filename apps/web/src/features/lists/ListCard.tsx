import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_CATALOG, isGenreSlug, type BookListSummary } from '@nebab/shared';
import { Badge } from '../../components/Badge';
import { BookCover } from '../../components/BookCover';

/** A book list on a card: the first covers, title (link to /list/{id}), owner, counts and badges. */
export function ListCard({ list, showOwner = true }: { list: BookListSummary; showOwner?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  const number = new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US');
  return (
    <article className="card flex h-full flex-col gap-3 p-4" data-testid="list-card">
      <div className="flex h-24 items-end gap-1 overflow-hidden" aria-hidden="true">
        {list.preview.length > 0 ? (
          list.preview.map((book) => (
            <BookCover
              key={book.id}
              title={book.title}
              author={book.author}
              candidates={book.coverCandidates}
              size="sm"
            />
          ))
        ) : (
          <span className="h-24 w-16 rounded-md border border-dashed border-line-strong" />
        )}
      </div>
      <div className="min-w-0">
        <h3 className="text-lg font-semibold [overflow-wrap:anywhere]">
          <Link
            to={`/list/${encodeURIComponent(list.id)}`}
            className="text-ink underline-offset-4 hover:underline"
          >
            {list.title}
          </Link>
        </h3>
        {showOwner ? (
          <p className="text-sm text-ink-muted">{t('listsUi.by', { name: list.owner.name })}</p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        {t('listsUi.books', { count: list.itemCount, formatted: number.format(list.itemCount) })} ·{' '}
        {t('listsUi.votes', { count: list.voteCount, formatted: number.format(list.voteCount) })}
      </p>
      <div className="mt-auto flex flex-wrap gap-1.5">
        <Badge>{t(`listsUi.mode.${list.mode}`)}</Badge>
        {list.visibility === 'private' ? (
          <Badge tone="accent">{t('listsUi.visibility.private')}</Badge>
        ) : null}
        {list.genre && isGenreSlug(list.genre) ? <Badge>{GENRE_CATALOG[list.genre].name[lang]}</Badge> : null}
      </div>
    </article>
  );
}
