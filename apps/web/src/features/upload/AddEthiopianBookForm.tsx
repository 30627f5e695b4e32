import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BOOK_FILE_MIME_TYPE,
  BOOK_LANGUAGES,
  checkUploadFile,
  COVER_MIME_TYPES,
  ETHIOPIAN_BOOK_TEXT_FIELDS,
  ethiopianBookSubmissionSchema,
  UPLOAD_FILE_FIELDS,
  UPLOAD_LIMITS,
  type EthiopianBookSubmission,
  type EthiopianBookSubmissionValues,
  type UploadFileKind,
} from '@nebab/shared';
import { isApiError } from '../../api/client';
import { genreKeys } from '../../api/genres/keys';
import { searchKeys } from '../../api/search/keys';
import { SelectField, TextAreaField, TextField } from '../../components/FormField';
import { GenreOptions } from '../../components/GenreOptions';
import { isLanguage } from '../../i18n';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { FilePicker } from './FilePicker';
import { formatBytes } from './formatBytes';
import { uploadBook, type UploadProgress } from './uploadBook';
import { UploadSuccess } from './UploadSuccess';

type FormValues = EthiopianBookSubmissionValues;

const DEFAULTS: FormValues = {
  title: '',
  author: '',
  publisher: '',
  language: 'am',
  publicationYear: '',
  genre: '' as FormValues['genre'],
  description: '',
  pageCount: '',
};

const TEXT_FIELDS = ETHIOPIAN_BOOK_TEXT_FIELDS as readonly Path<FormValues>[];

const FILE_FIELD: Record<UploadFileKind, string> = {
  cover: UPLOAD_FILE_FIELDS.cover,
  book: UPLOAD_FILE_FIELDS.book,
};

/** The text fields and the two files as the multipart body (text first, the small cover before the PDF). */
function toFormData(values: EthiopianBookSubmission, cover: File | null, book: File): FormData {
  const data = new FormData();
  for (const name of ETHIOPIAN_BOOK_TEXT_FIELDS) {
    const value = values[name];
    if (value !== undefined && value !== '') data.set(name, String(value));
  }
  if (cover) data.set(UPLOAD_FILE_FIELDS.cover, cover, cover.name);
  data.set(UPLOAD_FILE_FIELDS.book, book, book.name);
  return data;
}

/**
 * Spec §2 Add Ethiopian Book: the §3 submission fields checked with the shared schema, file pickers
 * with the browser's type and size checks, upload progress (XMLHttpRequest), the server's messages
 * under their fields, and on success the new book with Open / Read links and a reset.
 */
export function AddEthiopianBookForm() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [files, setFiles] = useState<Record<UploadFileKind, File | null>>({ cover: null, book: null });
  const [fileErrors, setFileErrors] = useState<Partial<Record<UploadFileKind, string>>>({});
  const [pickerKey, setPickerKey] = useState(0);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, EthiopianBookSubmission>({
    resolver: zodResolver(ethiopianBookSubmissionSchema),
    defaultValues: DEFAULTS,
  });

  // Leaving the page cancels a running upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const pick = (kind: UploadFileKind, file: File | null) => {
    setFiles((current) => ({ ...current, [kind]: file }));
    const problem = file ? checkUploadFile(kind, file) : null;
    setFileErrors((current) => ({ ...current, [kind]: problem ?? undefined }));
  };

  const focusField = (name: string) =>
    document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [name="${CSS.escape(name)}"]`)?.focus();
  const focusPicker = (kind: UploadFileKind) => focusField(FILE_FIELD[kind]);

  // A field named by the server's answer gets focus once the form is enabled again.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (isSubmitting || !pendingFocus.current) return;
    focusField(pendingFocus.current);
    pendingFocus.current = null;
  });

  /** The browser's checks of both files; `focus` moves focus to the first bad picker. */
  const checkFiles = (focus: boolean): boolean => {
    const problems: Partial<Record<UploadFileKind, string>> = {};
    for (const kind of ['cover', 'book'] as const) {
      const problem = checkUploadFile(kind, files[kind]);
      if (problem) problems[kind] = problem;
    }
    setFileErrors(problems);
    const first = (['book', 'cover'] as const).find((kind) => problems[kind]);
    if (first && focus) focusPicker(first);
    return !first;
  };

  const submit = async (values: EthiopianBookSubmission) => {
    setFormError(null);
    if (!checkFiles(true) || !files.book) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, total: files.book.size + (files.cover?.size ?? 0) });
    try {
      const { id } = await uploadBook(toFormData(values, files.cover, files.book), {
        onProgress: setProgress,
        signal: controller.signal,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchKeys.all() }),
        queryClient.invalidateQueries({ queryKey: genreKeys.all() }),
      ]);
      setCreated({ id, title: values.title });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setFormError(t('uploadUi.cancelled'));
        return;
      }
      const fields = isApiError(error) ? error.fields : {};
      const refused = { cover: fields[UPLOAD_FILE_FIELDS.cover], book: fields[UPLOAD_FILE_FIELDS.book] };
      setFileErrors(refused);
      const refusedFile = (['book', 'cover'] as const).find((kind) => refused[kind]);
      if (refusedFile) {
        // The server refused a file (type by its bytes, or size): the message sits at its picker.
        pendingFocus.current = FILE_FIELD[refusedFile];
        return;
      }
      // Text fields get their messages (and the first one the focus); the rest shows above the form.
      setFormError(applyServerErrors(error, TEXT_FIELDS, setError));
      const firstText = TEXT_FIELDS.find((name) => fields[name]);
      if (firstText) pendingFocus.current = firstText;
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  const startOver = () => {
    reset(DEFAULTS);
    setFiles({ cover: null, book: null });
    setFileErrors({});
    setFormError(null);
    setPickerKey((key) => key + 1);
    setCreated(null);
  };

  if (created) return <UploadSuccess id={created.id} title={created.title} onAddAnother={startOver} />;

  const busy = isSubmitting;
  const optional = t('uploadUi.optional');
  const errorText = (message: string | undefined) => translateMessage(message);
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void handleSubmit(submit, () => checkFiles(false))(event)}
      aria-label={t('pages.uploadBook.title')}
      aria-busy={busy || undefined}
      className="card grid gap-6 p-4 sm:p-6"
    >
      <p className="text-ink-muted">{t('uploadUi.intro')}</p>
      {formError ? (
        <p
          ref={formErrorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg bg-danger-soft px-3 py-2 text-danger"
        >
          {formError}
        </p>
      ) : null}

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={busy}>
        <legend className="mb-2 text-lg font-semibold">{t('uploadUi.detailsLegend')}</legend>
        <TextField
          label={t('uploadUi.title')}
          autoComplete="off"
          required
          aria-required
          error={errorText(errors.title?.message)}
          className="sm:col-span-2"
          {...register('title')}
        />
        <TextField
          label={t('uploadUi.author')}
          autoComplete="off"
          required
          aria-required
          error={errorText(errors.author?.message)}
          {...register('author')}
        />
        <TextField
          label={`${t('uploadUi.publisher')} ${optional}`}
          autoComplete="off"
          error={errorText(errors.publisher?.message)}
          {...register('publisher')}
        />
        <SelectField
          label={t('uploadUi.language')}
          error={errorText(errors.language?.message)}
          {...register('language')}
        >
          {BOOK_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`wizard.languageNames.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('uploadUi.genre')}
          error={errorText(errors.genre?.message)}
          {...register('genre')}
        >
          <option value="">{t('uploadUi.chooseGenre')}</option>
          <GenreOptions />
        </SelectField>
        <TextField
          label={`${t('uploadUi.publicationYear')} ${optional}`}
          hint={t('uploadUi.publicationYearHint')}
          inputMode="numeric"
          autoComplete="off"
          error={errorText(errors.publicationYear?.message)}
          {...register('publicationYear')}
        />
        <TextField
          label={`${t('uploadUi.pageCount')} ${optional}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={UPLOAD_LIMITS.pageCountMax}
          error={errorText(errors.pageCount?.message)}
          {...register('pageCount')}
        />
        <TextAreaField
          label={`${t('uploadUi.description')} ${optional}`}
          hint={t('uploadUi.descriptionHint')}
          error={errorText(errors.description?.message)}
          className="sm:col-span-2"
          rows={6}
          inputClassName="min-h-32"
          {...register('description')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={busy}>
        <legend className="mb-2 text-lg font-semibold">{t('uploadUi.filesLegend')}</legend>
        <FilePicker
          key={`book-${pickerKey}`}
          name={UPLOAD_FILE_FIELDS.book}
          label={t('uploadUi.book')}
          hint={t('uploadUi.bookHint', { max: formatBytes(UPLOAD_LIMITS.bookMaxBytes, language) })}
          accept={`${BOOK_FILE_MIME_TYPE},.pdf`}
          file={files.book}
          error={errorText(fileErrors.book)}
          onChange={(file) => pick('book', file)}
        />
        <FilePicker
          key={`cover-${pickerKey}`}
          name={UPLOAD_FILE_FIELDS.cover}
          label={t('uploadUi.cover')}
          optionalText={optional}
          hint={t('uploadUi.coverHint', { max: formatBytes(UPLOAD_LIMITS.coverMaxBytes, language) })}
          accept={COVER_MIME_TYPES.join(',')}
          file={files.cover}
          error={errorText(fileErrors.cover)}
          onChange={(file) => pick('cover', file)}
        />
      </fieldset>

      {progress ? (
        <div className="grid gap-2">
          <label htmlFor={`${formId}-progress`} className="field-label">
            {t('uploadUi.progressLabel')}
          </label>
          <progress
            id={`${formId}-progress`}
            className="h-3 w-full accent-[var(--color-accent)]"
            max={100}
            value={percent}
          />
          <p aria-live="polite" className="text-sm text-ink-muted" data-testid="upload-progress">
            {percent >= 100
              ? t('uploadUi.processing')
              : t('uploadUi.progressText', {
                  loaded: formatBytes(progress.loaded, language),
                  total: formatBytes(progress.total, language),
                  percent,
                })}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('uploadUi.uploading') : t('uploadUi.submit')}
        </button>
        {busy ? (
          <button type="button" className="btn btn-secondary" onClick={() => abortRef.current?.abort()}>
            {t('uploadUi.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
