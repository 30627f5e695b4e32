import { useTranslation } from 'react-i18next';

/** Eight illustrative reader voices (first names only), defined in the client. */
export const TESTIMONIAL_KEYS = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'] as const;

function Track({ duplicate }: { duplicate?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul
      className={`flex shrink-0 gap-5 pr-5 ${duplicate ? 'marquee-duplicate' : ''}`}
      aria-hidden={duplicate ? true : undefined}
      data-testid={duplicate ? 'testimonials-duplicate' : 'testimonials'}
    >
      {TESTIMONIAL_KEYS.map((key) => {
        const name = t(`landing.testimonials.${key}.name`);
        return (
          <li key={key} className="card flex w-[320px] shrink-0 flex-col gap-4 p-6 lg:w-[380px]">
            <p className="flex-1 text-lg">“{t(`landing.testimonials.${key}.quote`)}”</p>
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
              >
                {name.slice(0, 1)}
              </span>
              <span>
                <span className="block font-semibold">{name}</span>
                <span className="block text-sm text-ink-muted">{t(`landing.testimonials.${key}.role`)}</span>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Testimonials scrolling left in a loop (40 s per cycle, linear), paused on hover and under
 * prefers-reduced-motion; the track is duplicated for a seamless loop, the copy hidden from assistive tech.
 */
export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-title" className="overflow-hidden py-16 sm:py-20">
      <div className="page-container">
        <h2 id="testimonials-title" className="text-3xl font-semibold sm:text-4xl">
          {t('landing.testimonials.title')}
        </h2>
        <p className="mt-3 text-ink-muted">{t('landing.testimonials.note')}</p>
      </div>
      <div className="marquee mt-10 overflow-hidden">
        <div className="marquee-track flex">
          <Track />
          <Track duplicate />
        </div>
      </div>
    </section>
  );
}
