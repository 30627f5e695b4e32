import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';

/** The five quotes of the day (real quotes about reading, with their source). */
export const QUOTE_KEYS = ['q1', 'q2', 'q3', 'q4', 'q5'] as const;
/** Time each quote stays before the next one. */
export const QUOTE_INTERVAL_MS = 7000;

/** Quote of the day: advances every 7 s and cycles; paused under prefers-reduced-motion. */
export function QuoteSection() {
  const { t } = useTranslation();
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (reduced) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % QUOTE_KEYS.length), QUOTE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reduced]);

  const key = QUOTE_KEYS[index]!;
  return (
    <section aria-labelledby="quote-title" className="border-b border-line bg-surface-2">
      <div className="page-container py-12 text-center sm:py-16">
        <h2 id="quote-title" className="text-sm font-semibold tracking-wide text-gold uppercase">
          {t('landing.quote.title')}
        </h2>
        <figure aria-live="polite" aria-atomic="true" className="mx-auto mt-5 max-w-3xl" data-testid="quote">
          <blockquote className="font-display text-2xl leading-snug sm:text-3xl">
            <p>“{t(`landing.quote.${key}.text`)}”</p>
          </blockquote>
          <figcaption className="mt-4 text-ink-muted">— {t(`landing.quote.${key}.author`)}</figcaption>
        </figure>
        <p className="sr-only">{t('landing.quote.position', { n: index + 1, total: QUOTE_KEYS.length })}</p>
        <div aria-hidden="true" className="mt-6 flex justify-center gap-2">
          {QUOTE_KEYS.map((k, i) => (
            <span
              key={k}
              className={`size-2 rounded-full ${i === index ? 'bg-accent' : 'bg-line-strong/40'}`}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
