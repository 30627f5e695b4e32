import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { bookSuggestionInputSchema, type BookSuggestionInput } from '@nebab/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useSuggestBookMutation } from '../../api/admin-catalogue/mutations';
import { mySuggestionsQueryOptions } from '../../api/admin-catalogue/queries';
import { TextField } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { useFormatDate } from '../../i18n/useFormatDate';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';
import { StatusBadge } from './StatusBadge';

type SuggestionOutput = z.output<typeof bookSuggestionInputSchema>;
type SuggestionForm = z.input<typeof bookSuggestionInputSchema>;
const FIELDS = ['title', 'author', 'isbn', 'language', 'note'] as const;

/** The reader's own suggestions and what became of them. */
function MySuggestions() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const mine = useQuery(mySuggestionsQueryOptions());
  if (!mine.data || mine.data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-suggestions" className="mt-6 border-t border-line pt-4">
      <h3 id="my-suggestions" className="font-semibold">
        {t('adminCatalogueUi.suggest.mine')}
      </h3>
      <ul className="mt-2 flex flex-col gap-2" data-testid="my-suggestions">
        {mine.data.items.slice(0, 10).map((item) => (
          <li key={item.id} className="rounded-lg border border-line p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium [overflow-wrap:anywhere]">
                {item.bookId ? (
                  <Link to={`/book/${encodeURIComponent(item.bookId)}`}>{item.title}</Link>
                ) : (
                  item.title
                )}
              </span>
              <StatusBadge status={item.status} />
            </div>
            <p className="text-ink-muted">
              {item.author} · {formatDate(item.createdAt)}
            </p>
            {item.rejectReason ? (
              <p className="mt-1 [overflow-wrap:anywhere]">
                {t('adminCatalogueUi.suggest.reason', { reason: item.rejectReason })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SuggestForm({ initialTitle, onDone }: { initialTitle: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const suggest = useSuggestBookMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const noteId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SuggestionForm, unknown, SuggestionOutput>({
    resolver: zodResolver(bookSuggestionInputSchema),
    defaultValues: {
      title: initialTitle,
      author: '',
      isbn: '',
      language: i18n.language === 'am' ? 'am' : 'en',
      note: '',
    },
  });

  const onSubmit = async (values: SuggestionOutput) => {
    setFormError(null);
    try {
      await suggest.mutateAsync(values as BookSuggestionInput);
      toast.show({ kind: 'success', message: t('adminCatalogueUi.suggest.sent', { title: values.title }) });
      reset({ title: '', author: '', isbn: '', language: values.language, note: '' });
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-4 flex flex-col gap-4">
      {formError ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger">
          {formError}
        </p>
      ) : null}
      <TextField
        label={t('adminCatalogueUi.suggest.title')}
        error={translateMessage(errors.title?.message)}
        {...register('title')}
      />
      <TextField
        label={t('adminCatalogueUi.suggest.author')}
        error={translateMessage(errors.author?.message)}
        {...register('author')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('adminCatalogueUi.suggest.isbn')}
          error={translateMessage(errors.isbn?.message)}
          inputMode="numeric"
          {...register('isbn')}
        />
        <TextField
          label={t('adminCatalogueUi.suggest.language')}
          hint={t('adminCatalogueUi.edit.languageHint')}
          error={translateMessage(errors.language?.message)}
          {...register('language')}
        />
      </div>
      <div>
        <label htmlFor={noteId} className="field-label">
          {t('adminCatalogueUi.suggest.note')}
        </label>
        <textarea
          id={noteId}
          className="input min-h-20"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${noteId}-error` : undefined}
          {...register('note')}
        />
        {errors.note ? (
          <p id={`${noteId}-error`} className="field-error">
            {translateMessage(errors.note.message)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className="btn btn-secondary">{t('adminCatalogueUi.cancel')}</Dialog.Close>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {t('adminCatalogueUi.suggest.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * The suggestion form and the reader's own suggestions: the dialog's body, loaded only when a reader
 * opens it (react-hook-form and the zod schema stay out of the search and books pages' first load).
 */
export default function SuggestBookBody({
  initialTitle,
  onDone,
}: {
  initialTitle: string;
  onDone: () => void;
}) {
  return (
    <>
      <SuggestForm initialTitle={initialTitle} onDone={onDone} />
      <MySuggestions />
    </>
  );
}
