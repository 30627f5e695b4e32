import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

/** `/privacy`: the privacy page. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.privacy.title')} description={t('pages.privacy.description')}>
      <div className="flex max-w-prose flex-col gap-8">
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`privacy-${section}`}>
            <h2 id={`privacy-${section}`} className="text-xl font-semibold">
              {t(`pages.privacy.${section}.title`)}
            </h2>
            <p className="mt-2 text-ink-muted">{t(`pages.privacy.${section}.body`)}</p>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
