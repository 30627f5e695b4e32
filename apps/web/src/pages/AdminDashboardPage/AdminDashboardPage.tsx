import { useQuery } from '@tanstack/react-query';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminStats } from '@nebab/shared';
import { adminStatsQueryOptions } from '../../api/admin-catalogue/queries';
import {
  BellIcon,
  BookOpenIcon,
  ChartIcon,
  CheckIcon,
  FlagIcon,
  ListIcon,
  MailIcon,
  PenIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { StatTile } from '../../components/StatTile';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

/** Spec §3 Admin stats, then the queues waiting for an admin (each tile links to its screen). */
const STAT_TILES: { key: keyof AdminStats; icon: IconComponent; to: string }[] = [
  { key: 'totalUsers', icon: UsersIcon, to: '/admin/dashboard/manageuser' },
  { key: 'totalBooks', icon: BookOpenIcon, to: '/admin/dashboard/managebook' },
  { key: 'totalReviews', icon: PenIcon, to: '/admin/dashboard/reviewmoderation' },
  { key: 'totalReadingLists', icon: ListIcon, to: '/admin/reading-lists' },
  { key: 'openReports', icon: FlagIcon, to: '/admin/reports' },
  { key: 'pendingSuggestions', icon: CheckIcon, to: '/admin/book-approvals' },
];

/** The management tiles of the admin dashboard (spec §2 Admin screens). */
export const ADMIN_LINK_TILES = [
  { key: 'manageUsers', to: '/admin/dashboard/manageuser', icon: UsersIcon },
  { key: 'manageBooks', to: '/admin/dashboard/managebook', icon: BookOpenIcon },
  { key: 'notifications', to: '/admin/dashboard/notification', icon: BellIcon },
  { key: 'reviewModeration', to: '/admin/dashboard/reviewmoderation', icon: PenIcon },
  { key: 'reports', to: '/admin/reports', icon: FlagIcon },
  { key: 'readingLists', to: '/admin/reading-lists', icon: ListIcon },
  { key: 'settings', to: '/admin/settings', icon: SettingsIcon },
  { key: 'bookApprovals', to: '/admin/book-approvals', icon: CheckIcon },
  { key: 'newsletter', to: '/admin/newsletter', icon: MailIcon },
] as const;

/** `/admin/dashboard`: counts and the management links. */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const stats = useQuery(adminStatsQueryOptions());
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  return (
    <PageFrame title={t('admin.title')} description={t('admin.subtitle')} eyebrow={t('admin.eyebrow')}>
      <section aria-labelledby="admin-stats">
        <h2 id="admin-stats" className="sr-only">
          {t('admin.statsHeading')}
        </h2>
        {stats.isError ? (
          <div role="alert" className="card mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
            <p className="text-danger">{stats.error.message}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void stats.refetch()}>
              {t('adminCatalogueUi.retry')}
            </button>
          </div>
        ) : null}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={stats.isPending || undefined}>
          {STAT_TILES.map(({ key, icon: Icon, to }) => (
            <li key={key}>
              <Link
                to={to}
                className="block rounded-xl text-ink no-underline"
                data-testid={`admin-stat-${key}`}
              >
                <StatTile
                  label={t(`adminCatalogueUi.stats.${key}`)}
                  value={stats.data ? number.format(stats.data[key]) : t('common.noValue')}
                  icon={<Icon className="size-6" />}
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="admin-manage" className="mt-12">
        <h2 id="admin-manage" className="flex items-center gap-2 text-2xl font-semibold">
          <ChartIcon className="size-6 text-accent" />
          {t('admin.manageHeading')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ADMIN_LINK_TILES.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="card flex h-full flex-col gap-3 p-5 text-ink no-underline hover:border-accent"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <Icon className="size-5" />
                </span>
                <span className="font-display text-lg font-semibold">{t(`admin.tiles.${key}.title`)}</span>
                <span className="text-sm text-ink-muted">{t(`admin.tiles.${key}.description`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}
