import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

const FOOTER_LINKS = [
  { to: '/aboutus', key: 'footer.about' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/contact', key: 'footer.contact' },
] as const;

/** Site footer: page links, the current year and the catalogue attribution. */
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
