import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_CATALOG, type GenreSlug } from '@nebab/shared';

function TileIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-7"
    >
      {children}
    </svg>
  );
}

/** The six featured genres of the landing page, each with an icon. */
export const FEATURED_GENRES: { slug: GenreSlug; icon: ReactNode }[] = [
  {
    slug: 'fantasy',
    icon: (
      <TileIcon>
        <path d="M12 3l2.2 5.2L20 9l-4.4 3.8L17 19l-5-3-5 3 1.4-6.2L4 9l5.8-.8z" />
      </TileIcon>
    ),
  },
  {
    slug: 'science-fiction',
    icon: (
      <TileIcon>
        <circle cx="12" cy="12" r="4" />
        <ellipse cx="12" cy="12" rx="10" ry="3.5" transform="rotate(-20 12 12)" />
      </TileIcon>
    ),
  },
  {
    slug: 'thriller',
    icon: (
      <TileIcon>
        <circle cx="10.5" cy="10.5" r="5.5" />
        <path d="M20 20l-5.5-5.5" />
      </TileIcon>
    ),
  },
  {
    slug: 'romance',
    icon: (
      <TileIcon>
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
      </TileIcon>
    ),
  },
  {
    slug: 'history',
    icon: (
      <TileIcon>
        <path d="M4 20h16M5 20V9M9 20V9M15 20V9M19 20V9M3 9l9-5 9 5z" />
      </TileIcon>
    ),
  },
  {
    slug: 'biography',
    icon: (
      <TileIcon>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </TileIcon>
    ),
  },
];

/** Link of a landing genre tile: /genre/{lowercased English name} (spec §2). */
export function genreTileHref(slug: GenreSlug): string {
  return `/genre/${encodeURIComponent(GENRE_CATALOG[slug].name.en.toLowerCase())}`;
}

export function GenreTilesSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  return (
    <section aria-labelledby="genre-tiles-title" className="page-container py-16 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="genre-tiles-title" className="text-3xl font-semibold sm:text-4xl">
            {t('landing.genreTiles.title')}
          </h2>
          <p className="mt-3 text-lg text-ink-muted">{t('landing.genreTiles.subtitle')}</p>
        </div>
        <Link to="/genres" className="font-semibold text-accent underline-offset-4 hover:underline">
          {t('landing.genreTiles.all')}
        </Link>
      </div>
      <ul className="mt-8 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
        {FEATURED_GENRES.map(({ slug, icon }) => (
          <li key={slug}>
            <Link
              to={genreTileHref(slug)}
              className="card flex h-full flex-col gap-3 p-5 text-ink no-underline transition-colors hover:border-accent"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
                {icon}
              </span>
              <span className="text-lg font-semibold">{GENRE_CATALOG[slug].name[lang]}</span>
              <span className="text-sm text-ink-muted">{GENRE_CATALOG[slug].description[lang]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
