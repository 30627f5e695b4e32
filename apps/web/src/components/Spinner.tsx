/** A spinning ring with a visible or screen-reader label, announced as a status. */
export function Spinner({ label, className = 'size-8' }: { label: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-3">
      <span
        aria-hidden="true"
        className={`spinner inline-block rounded-full border-[3px] border-line border-t-accent ${className}`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the whole screen while something the page depends on loads (e.g. the session check). */
export function FullScreenSpinner({ label, testId }: { label: string; testId?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid={testId}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-paper text-ink"
    >
      <span
        aria-hidden="true"
        className="spinner inline-block size-12 rounded-full border-4 border-line border-t-accent"
      />
      <span className="text-sm font-medium text-ink-muted">{label}</span>
    </div>
  );
}
