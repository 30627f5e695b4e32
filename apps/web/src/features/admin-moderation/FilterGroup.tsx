interface FilterGroupProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}

/** A row of toggle buttons (one pressed) that filters a list. */
export function FilterGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: FilterGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="mr-1 text-sm font-semibold text-ink-muted">
        {label}
      </span>
      {options.map((option) => {
        const active = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option)}
            className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${
              active
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line-strong bg-surface text-ink hover:border-accent'
            }`}
          >
            {labelOf(option)}
          </button>
        );
      })}
    </div>
  );
}
