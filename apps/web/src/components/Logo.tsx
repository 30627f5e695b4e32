import { useTranslation } from 'react-i18next';

/** The Nebab wordmark: a bookmark glyph, the Latin name and the Ge'ez name ንባብ. */
export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-1.5 sm:gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0 sm:size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="fill-accent" />
        <path d="M9 6h14a1 1 0 0 1 1 1v19l-8-5-8 5V7a1 1 0 0 1 1-1z" className="fill-paper" />
      </svg>
      <span className="flex items-baseline gap-1.5 leading-none">
        <span className="font-display text-xl font-semibold tracking-tight" lang="en">
          {t('app.nameLatin')}
        </span>
        <span className="font-ethiopic text-base text-ink-muted" lang="am">
          {t('app.nameEthiopic')}
        </span>
      </span>
    </span>
  );
}
