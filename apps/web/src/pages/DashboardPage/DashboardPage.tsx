import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECOMMENDATIONS_PAGE_LIMIT, recommendationsQueryOptions } from '../../api/recommendations/queries';
import { meStatsQueryOptions } from '../../api/stats/queries';
import { BookOpenIcon, ChartIcon, ListIcon, PenIcon, SparkIcon, UsersIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { StatTile } from '../../components/StatTile';
import { useAuth } from '../../features/auth/authContext';
import { isNewReader } from '../../features/auth/newReader';
import { FeedSection } from '../../features/feed/FeedSection';
import { RecommendationCard } from '../RecommendationsPage/RecommendationCard';
import { GoalCard } from './GoalCard';

/** `/dashboard`: greeting, reading counts, the yearly goal, From people you follow (live), Recommended for You, shortcuts. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const stats = useQuery(meStatsQueryOptions());
  // The same query as the full page (one request serves both); the dashboard shows the first 6.
  const recommendations = useQuery(recommendationsQueryOptions(RECOMMENDATIONS_PAGE_LIMIT));
  const recommended = recommendations.data?.items.slice(0, 6) ?? [];
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  // Until GET /api/me/stats answers, the counts of /api/auth/me stand in (the reading list then shows 0).
  const counts = stats.data ?? {
    booksRead: user?.booksRead ?? 0,
    readingList: 0,
    reviewsWritten: user?.reviewsWritten ?? 0,
    didNotFinish: 0,
  };
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const isAdmin = user?.role === 'admin';
  // A reader who has just joined is welcomed to Nebab, not "back" (until their next visit).
  const isNew = !!user && isNewReader(user.id);

  return (
    <PageFrame
      title={
        isAdmin
          ? t('dashboard.title')
          : t(isNew ? 'dashboard.welcomeNew' : 'dashboard.welcome', { name: firstName })
      }
      description={isNew && !isAdmin ? t('dashboard.subtitleNew') : t('dashboard.subtitle')}
    >
      <section aria-labelledby="dashboard-stats">
        <h2 id="dashboard-stats" className="sr-only">
          {t('dashboard.statsHeading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatTile
            label={t('dashboard.stats.booksRead')}
            value={number.format(counts.booksRead)}
            icon={<BookOpenIcon className="size-6" />}
          />
          <StatTile
            label={t('dashboard.stats.readingList')}
            value={number.format(counts.readingList)}
            icon={<ListIcon className="size-6" />}
          />
          <StatTile
            label={t('dashboard.stats.reviewsWritten')}
            value={number.format(counts.reviewsWritten)}
            icon={<PenIcon className="size-6" />}
          />
          <StatTile
            label={t('dashboard.stats.didNotFinish')}
            value={number.format(counts.didNotFinish)}
            icon={<BookOpenIcon className="size-6" />}
          />
        </div>
      </section>

      <GoalCard />
      <FeedSection />

      <section aria-labelledby="dashboard-recommended" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="dashboard-recommended" className="text-2xl font-semibold">
            {t('dashboard.recommended.title')}
          </h2>
          <Link to="/dashboard/recommendations" className="text-sm font-semibold text-accent underline">
            {t('dashboard.recommended.seeAll')}
          </Link>
        </div>
        {recommended.length > 0 ? (
          <ul
            aria-label={t('recommendationsUi.listLabel')}
            className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
          >
            {recommended.map((item) => (
              <li key={item.id}>
                <RecommendationCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="card mt-4 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <SparkIcon className="size-6" />
            </span>
            <p className="flex-1 text-ink-muted">
              {recommendations.isPending ? t('recommendationsUi.loading') : t('dashboard.recommended.empty')}
            </p>
            <Link to="/books" className="btn btn-primary">
              {t('dashboard.recommended.browse')}
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="dashboard-shortcuts" className="mt-12">
        <h2 id="dashboard-shortcuts" className="text-2xl font-semibold">
          {t('dashboard.shortcuts.title')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Link
              to="/dashboard/readinglist"
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <ListIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.readingList')}
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/lists"
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <ListIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.lists')}
            </Link>
          </li>
          <li>
            <Link
              to={`/reader/${encodeURIComponent(user?.id ?? '')}`}
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <UsersIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.profile')}
            </Link>
          </li>
          <li>
            <Link
              to="/community/bookclub"
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <BookOpenIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.clubs')}
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/stats"
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <ChartIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.stats')}
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard/settings"
              className="card flex h-full items-center gap-3 p-4 font-semibold text-ink no-underline hover:border-accent"
            >
              <PenIcon className="size-5 text-accent" />
              {t('dashboard.shortcuts.settings')}
            </Link>
          </li>
        </ul>
      </section>
    </PageFrame>
  );
}
