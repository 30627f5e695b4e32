import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@nebab/shared';
import { ChevronDownIcon, MonitorIcon, MoonIcon, SunIcon } from '../../components/icons';
import { UserAvatar } from '../../components/UserAvatar';
import { useTheme } from '../theme/themeContext';

/*
 * The header's Radix dropdown menus are large (menu, popper, focus scope, floating-ui) and not needed
 * until a reader opens one. Each shows a look-alike trigger first; pointing at it or focusing it
 * prefetches the menu, and activating it swaps in the real menu, already open.
 */

const loadTheme = () => import('./ThemeMenu');
const loadGenres = () => import('./GenresMenu');
const loadUser = () => import('./UserMenu');

const ThemeMenu = lazy(() => loadTheme().then((m) => ({ default: m.ThemeMenu })));
const GenresDropdown = lazy(() => loadGenres().then((m) => ({ default: m.GenresDropdown })));
const UserMenu = lazy(() => loadUser().then((m) => ({ default: m.UserMenu })));

function prefetch(load: () => Promise<unknown>) {
  return () => void load().catch(() => undefined);
}

interface PlaceholderProps {
  className: string;
  label?: string;
  testId?: string;
  load: () => Promise<unknown>;
  onActivate?: (byKeyboard: boolean) => void;
  children: ReactNode;
}

function PlaceholderTrigger({ className, label, testId, load, onActivate, children }: PlaceholderProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid={testId}
      onPointerEnter={prefetch(load)}
      onFocus={prefetch(load)}
      // A click with no pointer (detail 0) came from Enter or Space: the menu then focuses an item.
      onClick={onActivate ? (event) => onActivate(event.detail === 0) : undefined}
      disabled={!onActivate}
    >
      {children}
    </button>
  );
}

function useLazyMenu() {
  const [active, setActive] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  return {
    active,
    byKeyboard,
    activate: (keyboard: boolean) => {
      setByKeyboard(keyboard);
      setActive(true);
    },
  };
}

const THEME_ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

export function LazyThemeMenu() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const { active, byKeyboard, activate } = useLazyMenu();
  const Icon = THEME_ICONS[theme];
  const trigger = (onActivate?: (byKeyboard: boolean) => void) => (
    <PlaceholderTrigger
      className="icon-button size-10"
      label={t('nav.theme.label', { theme: t(`nav.theme.${theme}`) })}
      load={loadTheme}
      onActivate={onActivate}
    >
      <Icon className="size-5" />
    </PlaceholderTrigger>
  );
  if (!active) return trigger(activate);
  return (
    <Suspense fallback={trigger()}>
      <ThemeMenu defaultOpen openedByKeyboard={byKeyboard} />
    </Suspense>
  );
}

export function LazyGenresDropdown() {
  const { t } = useTranslation();
  const { active, byKeyboard, activate } = useLazyMenu();
  const trigger = (onActivate?: (byKeyboard: boolean) => void) => (
    <PlaceholderTrigger className="nav-link gap-1" load={loadGenres} onActivate={onActivate}>
      {t('nav.genres')}
      <ChevronDownIcon className="size-4" />
    </PlaceholderTrigger>
  );
  if (!active) return trigger(activate);
  return (
    <Suspense fallback={trigger()}>
      <GenresDropdown defaultOpen openedByKeyboard={byKeyboard} />
    </Suspense>
  );
}

export function LazyUserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { active, byKeyboard, activate } = useLazyMenu();
  const trigger = (onActivate?: (byKeyboard: boolean) => void) => (
    <PlaceholderTrigger
      className="flex min-h-10 shrink-0 items-center gap-2 rounded-full p-0.5 text-sm xl:py-1 xl:pr-2 xl:pl-1 font-medium text-ink hover:bg-surface-2"
      label={t('nav.userMenu', { name: user.name })}
      testId="user-menu-button"
      load={loadUser}
      onActivate={onActivate}
    >
      <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={32} />
      <span className="hidden max-w-32 truncate xl:inline">{user.name}</span>
      <ChevronDownIcon className="hidden size-4 xl:block" />
    </PlaceholderTrigger>
  );
  if (!active) return trigger(activate);
  return (
    <Suspense fallback={trigger()}>
      <UserMenu user={user} defaultOpen openedByKeyboard={byKeyboard} />
    </Suspense>
  );
}
