import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { Role } from '@nebab/shared';
import {
  BellIcon,
  ChartIcon,
  EyeOffIcon,
  HomeIcon,
  ListIcon,
  SettingsIcon,
  ShieldIcon,
  SlidersIcon,
  SparkIcon,
  TransferIcon,
  UserIcon,
  UsersIcon,
} from '../../components/icons';

export const SETTINGS_SECTIONS = ['personal', 'privacy', 'security', 'preferences', 'library'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: string | null): value is SettingsSection {
  return value !== null && (SETTINGS_SECTIONS as readonly string[]).includes(value);
}

/** One icon per entry of the sidebar: none repeats. */
const SECTION_ICONS = {
  personal: UserIcon,
  privacy: EyeOffIcon,
  security: ShieldIcon,
  preferences: SlidersIcon,
  library: TransferIcon,
} as const;

/** Spec §2 Settings sidebar: the sections (Privacy added for profiles and follows), then the app links (admin links for admins only). */
export function SettingsNav({ section, role }: { section: SettingsSection; role: Role }) {
  const { t } = useTranslation();
  const appLinks = [
    ...(role === 'admin'
      ? [
          { to: '/admin/dashboard', label: t('settingsUi.nav.adminDashboard'), Icon: ChartIcon },
          { to: '/admin/dashboard/notification', label: t('settingsUi.nav.notification'), Icon: BellIcon },
        ]
      : []),
    { to: '/dashboard', label: t('settingsUi.nav.home'), Icon: HomeIcon },
    { to: '/dashboard/readinglist', label: t('settingsUi.nav.readingList'), Icon: ListIcon },
    { to: '/dashboard/stats', label: t('settingsUi.nav.stats'), Icon: ChartIcon },
    { to: '/community/bookclub', label: t('settingsUi.nav.community'), Icon: UsersIcon },
    { to: '/dashboard/recommendations', label: t('settingsUi.nav.forYou'), Icon: SparkIcon },
    { to: '/dashboard/settings', label: t('settingsUi.nav.settings'), Icon: SettingsIcon },
  ];
  const linkClass = (active: boolean) =>
    `flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap ${active ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-surface-2'}`;
  return (
    <nav aria-label={t('settingsUi.nav.label')} className="flex flex-col gap-4">
      <ul className="flex flex-wrap gap-1 lg:flex-col" aria-label={t('settingsUi.nav.sections')}>
        {SETTINGS_SECTIONS.map((key) => {
          const Icon = SECTION_ICONS[key];
          return (
            <li key={key}>
              <Link
                to={{ search: `?section=${key}` }}
                aria-current={section === key ? 'page' : undefined}
                className={linkClass(section === key)}
              >
                <Icon className="size-4" />
                {t(`settingsUi.sections.${key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
      <ul
        className="flex flex-wrap gap-1 border-t border-line pt-3 lg:flex-col"
        aria-label={t('settingsUi.nav.app')}
      >
        {appLinks.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) => linkClass(isActive && to !== '/dashboard/settings')}
            >
              <Icon className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
