import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldChrome {
  label: string;
  /** Already translated error text shown under the field. */
  error?: string;
  hint?: string;
  /** Classes of the wrapper (label, control, hint, error). */
  className?: string;
}

/** Label, hint and error ids of one control. */
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

type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'id' | 'className'>;

/**
 * A labelled input with its error line, wired with aria-invalid and aria-describedby. Its `type` is
 * always written (`text` unless given), as checkers expect of a form field.
 */
export function TextField({ label, error, hint, className, type = 'text', ...inputProps }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        type={type}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...inputProps}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldChrome &
  Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
    /** Extra classes of the textarea itself (e.g. a minimum height). */
    inputClassName?: string;
  };

/** A labelled textarea with its error line, wired with aria-invalid and aria-describedby. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  inputClassName = '',
  rows = 4,
  ...textareaProps
}: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        rows={rows}
        className={`input ${inputClassName}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textareaProps}
      />
    </FieldFrame>
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

/** The Show Password / Hide Password toggle of the auth forms; its label tells the current state. */
export function PasswordVisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onToggle} className="btn btn-ghost min-h-10 px-2 text-sm text-accent">
      {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
      {visible ? t('authForm.hidePassword') : t('authForm.showPassword')}
    </button>
  );
}

/** State of the Show/Hide toggle. */
export function usePasswordVisibility(): [boolean, () => void] {
  const [visible, setVisible] = useState(false);
  return [visible, () => setVisible((value) => !value)];
}
