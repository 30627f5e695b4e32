import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LIST_LIMITS,
  bookListInputSchema,
  type BookListDetail,
  type BookListInput,
  type BookListInputValues,
} from '@nebab/shared';
import { useCreateListMutation, useUpdateListMutation } from '../../api/lists/mutations';
import { ChoiceCards } from '../../components/ChoiceCards';
import { SelectField, TextAreaField, TextField } from '../../components/FormField';
import { GenreOptions } from '../../components/GenreOptions';
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
  const { t } = useTranslation();
  const toast = useToast();
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

  const radios = (
    field: 'visibility' | 'mode',
    values: readonly ('public' | 'private' | 'open' | 'curated')[],
  ) => (
    <ChoiceCards
      legend={t(`listsUi.form.${field}`)}
      choices={values.map((value) => ({
        value,
        label: t(`listsUi.form.${value}.label`),
        hint: t(`listsUi.form.${value}.hint`),
      }))}
      registration={register(field)}
    />
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
        <SelectField
          label={t('listsUi.form.genre')}
          error={genreError}
          {...register('genre', { setValueAs: (value: string | null) => (value ? value : null) })}
        >
          <option value="">{t('listsUi.form.genreAuto')}</option>
          <GenreOptions />
        </SelectField>
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
