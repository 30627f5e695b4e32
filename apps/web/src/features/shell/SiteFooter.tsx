import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

const FOOTER_LINKS = [
  { to: '/books', key: 'footer.books' },
  { to: '/genres', key: 'footer.genres' },
  { to: '/authors', key: 'footer.authors' },
  { to: '/community/bookclub', key: 'footer.clubs' },
  { to: '/aboutus', key: 'footer.about' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/contact', key: 'footer.contact' },
] as const;

/** Nebab's pages on the three social networks (external; open in a new tab). */
const SOCIAL_LINKS = [
  {
    href: 'https://www.facebook.com/',
    key: 'footer.facebook',
    icon: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v6h4v-6h3l1-4h-4V8z',
  },
  { href: 'https://x.com/', key: 'footer.twitter', icon: 'M4 4l16 16M20 4L4 20' },
  {
    href: 'https://www.instagram.com/',
    key: 'footer.instagram',
    icon: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  },
] as const;

/** Site footer: page links, social links, the current year and the catalogue attribution. */
export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-line bg-surface-2">
      <div className="page-container flex flex-col gap-6 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-ink-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-sm font-medium text-ink underline-offset-4 hover:underline"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
          <ul aria-label={t('footer.social')} className="mt-4 flex gap-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-button size-10"
                  aria-label={`${t(link.key)} ${t('footer.newTab')}`}
                >
                  <svg
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.8}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    focusable="false"
                    className="size-5"
                  >
                    <path d={link.icon} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="page-container flex flex-col gap-1 py-4 text-sm text-ink-muted sm:flex-row sm:justify-between">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.attribution')}</p>
        </div>
      </div>
    </footer>
  );
}
