import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

/** `/terms`: the terms page. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.terms.title')} description={t('pages.terms.description')}>
      <div className="flex max-w-prose flex-col gap-8">
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`terms-${section}`}>
            <h2 id={`terms-${section}`} className="text-xl font-semibold">
              {t(`pages.terms.${section}.title`)}
            </h2>
            <p className="mt-2 text-ink-muted">{t(`pages.terms.${section}.body`)}</p>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
