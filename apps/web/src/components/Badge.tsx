import type { ReactNode } from 'react';

/** A small rounded label (a list's mode, a profile's visibility…). Presentational only. */
export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'accent' }) {
  const colours =
    tone === 'accent' ? 'border-accent text-accent-strong' : 'border-line-strong text-ink-muted';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${colours}`}
    >
      {children}
    </span>
  );
}
