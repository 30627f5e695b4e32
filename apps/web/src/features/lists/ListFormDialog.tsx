import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GENRE_CATALOG,
  GENRE_SLUGS,
  LIST_LIMITS,
  bookListInputSchema,
  type BookListDetail,
  type BookListInput,
  type BookListInputValues,
} from '@nebab/shared';
import { useCreateListMutation, useUpdateListMutation } from '../../api/lists/mutations';
import { TextAreaField, TextField } from '../../components/FormField';
import { ModalDialog } from '../../components/ModalDialog';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';

const DEFAULTS: BookListInputValues = {
  title: '',
  description: '',
  visibility: 'public',
  mode: 'open',
  genre: null,
};

interface ListFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this list; creating a new one without it. */
  list?: BookListDetail;
  onSaved?: (list: BookListDetail) => void;
}

/** Make a book list (title, description, public or private, open to votes or curated, genre) or edit one. */
export function ListFormDialog({ open, onOpenChange, list, onSaved }: ListFormDialogProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const id = useId();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  const create = useCreateListMutation();
  const update = useUpdateListMutation(list?.id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const initial: BookListInputValues = list
    ? {
        title: list.title,
        description: list.description,
        visibility: list.visibility,
        mode: list.mode,
        genre: list.genreChosen ? (list.genre as BookListInputValues['genre']) : null,
      }
    : DEFAULTS;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BookListInputValues, unknown, BookListInput>({
    resolver: zodResolver(bookListInputSchema),
    values: initial,
  });

  const change = (next: boolean) => {
    if (!next) {
      reset(initial);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = list ? await update.mutateAsync(values) : await create.mutateAsync(values);
      toast.show({ kind: 'success', message: list ? t('listsUi.saved') : t('listsUi.created') });
      change(false);
      onSaved?.(saved);
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['title', 'description', 'visibility', 'mode', 'genre'], setError),
      );
    }
  });

  const radios = (field: 'visibility' | 'mode', values: readonly string[]) => (
    <fieldset>
      <legend className="field-label">{t(`listsUi.form.${field}`)}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {values.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3"
          >
            <input
              type="radio"
              value={value}
              className="mt-1 accent-[var(--color-accent)]"
              {...register(field)}
            />
            <span>
              <span className="block font-semibold">{t(`listsUi.form.${value as 'public'}.label`)}</span>
              <span className="block text-sm text-ink-muted">
                {t(`listsUi.form.${value as 'public'}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  const genreError = translateMessage(errors.genre?.message);

  return (
    <ModalDialog
      open={open}
      onOpenChange={change}
      title={list ? t('listsUi.editTitle') : t('listsUi.createTitle')}
      description={t('listsUi.createDescription')}
      testId="list-form-dialog"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid grid-cols-1 gap-4">
        <TextField
          label={t('listsUi.form.title')}
          autoComplete="off"
          aria-required="true"
          maxLength={LIST_LIMITS.titleMax + 20}
          error={translateMessage(errors.title?.message)}
          {...register('title')}
        />
        <TextAreaField
          label={t('listsUi.form.description')}
          rows={3}
          inputClassName="min-h-24"
          error={translateMessage(errors.description?.message)}
          {...register('description')}
        />
        {radios('visibility', ['public', 'private'])}
        {radios('mode', ['open', 'curated'])}
        <div>
          <label htmlFor={`${id}-genre`} className="field-label">
            {t('listsUi.form.genre')}
          </label>
          <select
            id={`${id}-genre`}
            className="input"
            aria-invalid={genreError ? true : undefined}
            {...register('genre', { setValueAs: (value: string | null) => (value ? value : null) })}
          >
            <option value="">{t('listsUi.form.genreAuto')}</option>
            {GENRE_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {GENRE_CATALOG[slug].name[lang]}
              </option>
            ))}
          </select>
          {genreError ? <p className="field-error">{genreError}</p> : null}
        </div>
        {formError ? (
          <p role="alert" className="field-error">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => change(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {list
              ? isSubmitting
                ? t('listsUi.form.saving')
                : t('listsUi.form.save')
              : isSubmitting
                ? t('listsUi.form.submitting')
                : t('listsUi.form.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
