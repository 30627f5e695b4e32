import { BOOK_LANGUAGES, readerBookInputSchema } from '@nebab/shared';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useAddReaderBookMutation } from '../../api/imports/mutations';
import { TextField } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { useToast } from '../toast/toastContext';

type Field = 'title' | 'authors' | 'isbn' | 'publicationYear' | 'pageCount' | 'language';

/** The add-a-book form: checked with the API's own schema, then the book page of the new book. */
export default function AddBookBody({ initialTitle }: { initialTitle: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const add = useAddReaderBookMutation();
  const coverId = useId();
  const [values, setValues] = useState({
    title: initialTitle,
    authors: '',
    isbn: '',
    publicationYear: '',
    pageCount: '',
    language: i18n.language === 'am' ? 'am' : 'en',
  });
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const input = {
      title: values.title,
      authors: values.authors
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
      isbn: values.isbn || undefined,
      publicationYear: values.publicationYear || undefined,
      pageCount: values.pageCount || undefined,
      language: values.language,
    };
    const parsed = readerBookInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        next[field] ??= translateMessage(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const created = await add.mutateAsync({ input: parsed.data, cover });
      toast.show({
        kind: 'success',
        message: created.existing
          ? t('libraryUi.addBook.existing')
          : t('libraryUi.addBook.added', { title: parsed.data.title }),
      });
      void navigate(`/book/${encodeURIComponent(created.id)}`);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
        setErrors(failure.fields as Partial<Record<Field, string>>);
      }
      setFormError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
      {formError ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger">
          {formError}
        </p>
      ) : null}
      <TextField
        label={t('libraryUi.addBook.title')}
        value={values.title}
        onChange={set('title')}
        error={errors.title}
      />
      <TextField
        label={t('libraryUi.addBook.authors')}
        hint={t('libraryUi.addBook.authorsHint')}
        value={values.authors}
        onChange={set('authors')}
        error={errors.authors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('libraryUi.addBook.isbn')}
          inputMode="numeric"
          value={values.isbn}
          onChange={set('isbn')}
          error={errors.isbn}
        />
        <div>
          <label className="field-label" htmlFor={`${coverId}-language`}>
            {t('libraryUi.addBook.language')}
          </label>
          <select
            id={`${coverId}-language`}
            className="input"
            value={values.language}
            onChange={set('language')}
          >
            {BOOK_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`wizard.languageNames.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('libraryUi.addBook.year')}
          inputMode="numeric"
          value={values.publicationYear}
          onChange={set('publicationYear')}
          error={errors.publicationYear}
        />
        <TextField
          label={t('libraryUi.addBook.pages')}
          inputMode="numeric"
          value={values.pageCount}
          onChange={set('pageCount')}
          error={errors.pageCount}
        />
      </div>
      <div>
        <label className="field-label" htmlFor={coverId}>
          {t('libraryUi.addBook.cover')}
        </label>
        <input
          id={coverId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="input py-2"
          aria-describedby={`${coverId}-hint`}
          onChange={(event) => setCover(event.target.files?.[0] ?? null)}
        />
        <p id={`${coverId}-hint`} className="mt-1 text-sm text-ink-muted">
          {t('libraryUi.addBook.coverHint')}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className="btn btn-secondary">{t('adminCatalogueUi.cancel')}</Dialog.Close>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={add.isPending}
          aria-busy={add.isPending || undefined}
        >
          {add.isPending ? t('libraryUi.addBook.submitting') : t('libraryUi.addBook.submit')}
        </button>
      </div>
    </form>
  );
}
