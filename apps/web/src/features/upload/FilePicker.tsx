import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n';
import { formatBytes } from './formatBytes';

interface FilePickerProps {
  /** The multipart field name (also the input's name). */
  name: string;
  label: string;
  hint: string;
  /** The `accept` attribute (a hint for the browser's dialog; the form checks the file itself). */
  accept: string;
  file: File | null;
  /** Already translated error text. */
  error?: string;
  optionalText?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/** A labelled file input that shows the chosen file's name and size, with a remove button. */
export function FilePicker({
  name,
  label,
  hint,
  accept,
  file,
  error,
  optionalText,
  disabled,
  onChange,
}: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const selectedId = `${id}-selected`;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const describedBy = [hintId, file ? selectedId : null, error ? errorId : null].filter(Boolean).join(' ');

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onChange(null);
    inputRef.current?.focus();
  };

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label} {optionalText ? <span className="font-normal text-ink-muted">{optionalText}</span> : null}
      </label>
      {/* The native input covers the box (transparent), so the dialog opens on click, keyboard focus
          and screen readers use it as is, while the text shown is in the interface language. */}
      <div
        className={`relative flex min-h-11 items-center gap-3 rounded-[0.625rem] border bg-surface px-2 py-1.5 has-[input:focus]:outline-3 has-[input:focus]:outline-offset-2 has-[input:focus]:outline-focus ${
          error ? 'border-danger' : 'border-line-strong'
        } ${disabled ? 'opacity-70' : ''}`}
      >
        <span aria-hidden="true" className="btn btn-secondary min-h-9 shrink-0 px-3 py-1 text-sm">
          {t('uploadUi.chooseFile')}
        </span>
        <span aria-hidden="true" className="min-w-0 truncate text-sm text-ink-muted">
          {file ? file.name : t('uploadUi.noFile')}
        </span>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={accept}
          disabled={disabled}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
      <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
        {hint}
      </p>
      {file ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <p id={selectedId} className="min-w-0 [overflow-wrap:anywhere]" data-testid={`${name}-selected`}>
            {t('uploadUi.selected', { name: file.name, size: formatBytes(file.size, language) })}
          </p>
          <button
            type="button"
            className="btn btn-ghost min-h-9 px-2 text-sm text-accent"
            onClick={clear}
            disabled={disabled}
          >
            {t('uploadUi.removeFile', { name: file.name })}
          </button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
