import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';
import { Logo } from '../../components/Logo';
import { CloseIcon, MenuIcon, PlusIcon } from '../../components/icons';
import { useAuth } from '../auth/authContext';
import { NotificationBell } from '../notifications/NotificationBell';
import { SearchBox } from '../search/SearchBox';
import { GenresCollapsible } from './GenresCollapsible';
import { LanguageSelect, LanguageToggle } from './LanguageSelect';
import { LazyGenresDropdown, LazyThemeMenu, LazyUserMenu } from './LazyMenus';
import { NAV_PATHS } from './navItems';

function MainLinks({ signedIn, vertical }: { signedIn: boolean; vertical: boolean }) {
  const { t } = useTranslation();
  const itemClass = vertical ? 'nav-link w-full' : 'nav-link';
  return (
    <>
      {signedIn ? null : (
        <li>
          <NavLink to={NAV_PATHS.home} end className={itemClass}>
            {t('nav.home')}
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to={NAV_PATHS.discover} className={itemClass}>
          {t('nav.discover')}
        </NavLink>
      </li>
      <li>
        <NavLink to={NAV_PATHS.community} className={itemClass}>
          {t('nav.community')}
        </NavLink>
      </li>
      <li>
        <NavLink to={NAV_PATHS.aboutUs} className={itemClass}>
          {t('nav.aboutUs')}
        </NavLink>
      </li>
    </>
  );
}

/**
 * The onboarding header of /preferences. While a reader has no preferences every other page sends
 * them back to the wizard, so the menu, genres and search would only be dead ends here.
 */
function OnboardingHeader() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper">
      <div className="page-container flex h-16 items-center gap-2">
        <Logo />
        <div className="ml-auto flex items-center gap-1.5">
          <LanguageToggle />
          <LazyThemeMenu />
          {user ? <LazyUserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}

/**
 * The navigation bar of spec §2. It never scrolls sideways: below 1024px (lg) the main links, the
 * genres and the admin's quick book add fold behind the menu toggle; from 1024px they sit inline, with
 * the reader's name and the quick-add label added from 1280px (xl), where they fit in both languages
 * (measured widths in the header test). Labels never wrap (`whitespace-nowrap` on links and buttons).
 */
export function SiteHeader() {
  const onboarding = useMatch('/preferences');
  return onboarding ? <OnboardingHeader /> : <MainHeader />;
}

function MainHeader() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileMenuId = useId();
  const isAdmin = user?.role === 'admin';

  // Following any link inside the mobile menu closes it.
  const handleMobileMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper">
      <div className="page-container flex h-16 items-center gap-2">
        <Link to={NAV_PATHS.home} className="-ml-1 shrink-0 rounded-lg p-1 text-ink no-underline">
          <Logo />
        </Link>

        <nav aria-label={t('nav.main')} className="ml-4 hidden shrink-0 lg:block">
          <ul className="flex items-center gap-0.5">
            <MainLinks signedIn={!!user} vertical={false} />
            <li>
              <LazyGenresDropdown />
            </li>
          </ul>
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-1.5">
          <SearchBox />
          {/* Under 640px the language moves into the menu, so the bell and avatar fit at 360px. */}
          <div className="hidden sm:block">
            <LanguageSelect />
          </div>
          <div className="hidden md:block">
            <LazyThemeMenu />
          </div>
          {isAdmin ? (
            <Link
              to={NAV_PATHS.quickBookAdd}
              aria-label={t('nav.quickBookAdd')}
              title={t('nav.quickBookAdd')}
              className="btn btn-secondary hidden min-h-10 shrink-0 px-2.5 whitespace-nowrap lg:inline-flex xl:px-3"
            >
              <PlusIcon className="size-4" />
              <span className="hidden xl:inline">{t('nav.quickBookAdd')}</span>
            </Link>
          ) : null}
          {user ? (
            <>
              <NotificationBell />
              <LazyUserMenu user={user} />
            </>
          ) : (
            <Link
              to={NAV_PATHS.signIn}
              className="btn btn-primary hidden min-h-10 shrink-0 px-4 whitespace-nowrap sm:inline-flex"
            >
              {t('nav.signIn')}
            </Link>
          )}
          <button
            type="button"
            className="icon-button size-9 shrink-0 sm:size-10 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            aria-label={menuOpen ? t('nav.menuClose') : t('nav.menuOpen')}
            onClick={() => setMenuOpen((value) => !value)}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>

      <div
        id={mobileMenuId}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-surface lg:hidden"
        onClick={handleMobileMenuClick}
      >
        <nav aria-label={t('nav.mobile')} className="page-container py-3">
          <ul className="flex flex-col gap-0.5">
            <MainLinks signedIn={!!user} vertical />
            <li>
              <GenresCollapsible />
            </li>
            {isAdmin ? (
              <li>
                <Link to={NAV_PATHS.quickBookAdd} className="nav-link w-full">
                  {t('nav.quickBookAdd')}
                </Link>
              </li>
            ) : null}
          </ul>
          {/* What the header shows from 640 / 768px (language, sign in / theme) sits here below that. */}
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3 md:hidden">
            <span className="flex items-center gap-2 text-sm text-ink-muted">
              {t('nav.theme.title')}
              <LazyThemeMenu />
            </span>
            <span className="sm:hidden">
              <LanguageSelect testId="language-select-menu" />
            </span>
            {user ? null : (
              <Link
                to={NAV_PATHS.signIn}
                className="btn btn-primary min-h-10 px-4 whitespace-nowrap sm:hidden"
              >
                {t('nav.signIn')}
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
