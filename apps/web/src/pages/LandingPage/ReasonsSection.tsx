import { useTranslation } from 'react-i18next';

const REASONS = ['bilingual', 'ethiopian', 'open', 'community'] as const;

/** Reasons to choose Nebab. */
export function ReasonsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="reasons-title" className="bg-surface py-16 sm:py-20">
      <div className="page-container">
        <h2 id="reasons-title" className="text-3xl font-semibold sm:text-4xl">
          {t('landing.reasons.title')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((reason) => (
            <li key={reason} className="border-l-4 border-accent pl-4">
              <h3 className="text-lg font-semibold">{t(`landing.reasons.${reason}.title`)}</h3>
              <p className="mt-2 text-ink-muted">{t(`landing.reasons.${reason}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
