import { useTranslation } from 'react-i18next';
import { ListIcon, SparkIcon, UsersIcon } from '../../components/icons';

const FEATURES = [
  { key: 'recommendations', icon: SparkIcon },
  { key: 'readingLists', icon: ListIcon },
  { key: 'bookClubs', icon: UsersIcon },
] as const;

/** The three feature highlights of the landing page. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="page-container py-16 sm:py-20">
      <div className="max-w-2xl">
        <h2 id="features-title" className="text-3xl font-semibold sm:text-4xl">
          {t('landing.features.title')}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">{t('landing.features.subtitle')}</p>
      </div>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="card p-6">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold">{t(`landing.features.${key}.title`)}</h3>
            <p className="mt-2 text-ink-muted">{t(`landing.features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
