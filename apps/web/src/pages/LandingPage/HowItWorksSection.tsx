import { useTranslation } from 'react-i18next';

const STEPS = ['taste', 'picks', 'connect'] as const;

/** Three steps: tell us your taste, get personalized picks, explore and connect. */
export function HowItWorksSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-title" className="bg-surface py-16 sm:py-20">
      <div className="page-container">
        <h2 id="how-title" className="text-3xl font-semibold sm:text-4xl">
          {t('landing.howItWorks.title')}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">{t('landing.howItWorks.subtitle')}</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-semibold text-on-accent"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-xl font-semibold">{t(`landing.howItWorks.${step}.title`)}</h3>
                <p className="mt-2 text-ink-muted">{t(`landing.howItWorks.${step}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
