import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldChrome {
  label: string;
  /** Already translated error text shown under the field. */
  error?: string;
  hint?: string;
  className?: string;
}

/** Label, hint and error ids of one control (the same wiring as components/FormField's TextField). */
function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldFrame({
  id,
  hintId,
  errorId,
  label,
  hint,
  error,
  className,
  children,
}: FieldChrome & { id: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type SelectFieldProps = FieldChrome & Omit<ComponentProps<'select'>, 'id' | 'className'>;

/** A labelled select with its error line, wired with aria-invalid and aria-describedby. */
export function SelectField({ label, error, hint, className, children, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <select
        id={ids.id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldChrome & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

/** A labelled textarea with its error line, wired with aria-invalid and aria-describedby. */
export function TextAreaField({ label, error, hint, className, ...textareaProps }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        rows={6}
        className="input min-h-32"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textareaProps}
      />
    </FieldFrame>
  );
}
