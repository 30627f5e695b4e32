import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Club } from '@nebab/shared';

/** Clubs as cards, each opening at `/group/{id}`. */
export function GroupList({ clubs }: { clubs: Club[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <ul
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="genre-groups"
      aria-label={t('groupsUi.listLabel')}
    >
      {clubs.map((club) => (
        <li key={club.id} className="card flex flex-col gap-1 p-5">
          <Link
            to={`/group/${encodeURIComponent(club.id)}`}
            className="text-lg font-semibold text-accent underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {club.name}
          </Link>
          <p className="text-sm text-ink-muted">
            {t('genre.members', {
              count: club.member_count ?? 0,
              formatted: number.format(club.member_count ?? 0),
            })}
          </p>
          {club.description ? (
            <p className="line-clamp-3 text-sm [overflow-wrap:anywhere]">{club.description}</p>
          ) : null}
          {club.currentBook ? (
            <p className="mt-1 text-sm [overflow-wrap:anywhere]">
              {t('clubsUi.readingNow', { title: club.currentBook.title })}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
