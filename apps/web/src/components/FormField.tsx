import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Already translated error text shown under the field. */
  error?: string;
  hint?: string;
}

/** A labelled input with its error line, wired with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, className = '', ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
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
