import { useQuery } from '@tanstack/react-query';
import {
  adminBookEditSchema,
  BOOK_STATUSES,
  GENRE_SLUGS,
  VIEWABILITIES,
  type AdminBookDetail,
  type AdminBookEdit,
} from '@nebab/shared';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useDeleteBookMutation,
  useEditBookMutation,
  useRemoveCoverMutation,
  useUploadCoverMutation,
} from '../../api/admin-catalogue/mutations';
import { adminBookQueryOptions } from '../../api/admin-catalogue/queries';
import { BookCover } from '../../components/BookCover';
import { SelectField, TextAreaField, TextField } from '../../components/FormField';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { BackToDashboard } from '../../components/AdminPageActions';
import { DeleteBookDialog } from '../../features/admin-catalogue/DeleteBookDialog';
import { StatusBadge } from '../../features/admin-catalogue/StatusBadge';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';

/** The form's values: text as typed; turned into a PATCH body by {@link toEdit}. */
interface BookForm {
  title: string;
  authors: string;
  description: string;
  previewLink: string;
  viewability: string;
  genres: string[];
  isbn10: string;
  isbn13: string;
  language: string;
  pageCount: string;
  publicationDate: string;
  publisher: string;
  coverUrl: string;
  status: string;
}

const FIELDS = [
  'title',
  'authors',
  'description',
  'previewLink',
  'viewability',
  'genres',
  'isbn10',
  'isbn13',
  'language',
  'pageCount',
  'publicationDate',
  'publisher',
  'coverUrl',
  'status',
] as const satisfies readonly (keyof BookForm)[];

function toForm(book: AdminBookDetail): BookForm {
  return {
    title: book.title,
    authors: book.authors.join('\n'),
    description: book.description ?? '',
    previewLink: book.previewLink ?? '',
    viewability: book.viewability,
    genres: Array.isArray(book.genres) ? book.genres : [],
    isbn10: book.isbn10 ?? '',
    isbn13: book.isbn13 ?? '',
    language: book.language,
    pageCount: book.pageCount === null ? '' : String(book.pageCount),
    publicationDate: book.publicationDate ?? '',
    publisher: book.publisher ?? '',
    coverUrl: book.coverUrl ?? '',
    status: book.status,
  };
}

/** The PATCH body of the fields that changed (unchanged ones are not marked as edited). */
function toEdit(values: BookForm, initial: BookForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const changed = (key: keyof BookForm) => JSON.stringify(values[key]) !== JSON.stringify(initial[key]);
  if (changed('title')) body.title = values.title;
  if (changed('authors'))
    body.authors = values.authors
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean);
  if (changed('description')) body.description = values.description.trim() ? values.description : null;
  if (changed('pageCount'))
    body.pageCount = values.pageCount.trim() === '' ? null : Number(values.pageCount.trim());
  for (const key of [
    'previewLink',
    'viewability',
    'genres',
    'isbn10',
    'isbn13',
    'language',
    'publicationDate',
    'publisher',
    'coverUrl',
    'status',
  ] as const) {
    if (changed(key)) body[key] = values[key];
  }
  return body;
}

function EditBookForm({ book }: { book: AdminBookDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const edit = useEditBookMutation();
  const upload = useUploadCoverMutation();
  const removeCover = useRemoveCoverMutation();
  const remove = useDeleteBookMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [initial, setInitial] = useState(() => toForm(book));
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { genres: useId(), file: useId() };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BookForm>({ defaultValues: initial });

  const onSubmit = async (values: BookForm) => {
    setFormError(null);
    const body = toEdit(values, initial);
    if (Object.keys(body).length === 0) {
      toast.show({ kind: 'info', message: t('adminCatalogueUi.edit.nothingChanged') });
      return;
    }
    const parsed = adminBookEditSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof BookForm;
        if ((FIELDS as readonly string[]).includes(field))
          setError(field, { type: 'client', message: issue.message });
      }
      return;
    }
    try {
      const saved = await edit.mutateAsync({ id: book.id, edit: body as AdminBookEdit });
      const next = toForm(saved);
      setInitial(next);
      reset(next);
      toast.show({ kind: 'success', message: t('adminCatalogueUi.edit.saved', { title: saved.title }) });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  const fieldError = (key: keyof BookForm) => translateMessage(errors[key]?.message);
  const uploadCover = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { id: book.id, file },
      {
        onSuccess: () => toast.show({ kind: 'success', message: t('adminCatalogueUi.edit.coverUploaded') }),
        onError: (error) => toast.show({ kind: 'error', message: error.message }),
        onSettled: () => {
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
        <aside className="flex flex-col items-start gap-4">
          <BookCover
            title={book.title}
            author={book.author}
            genre={Array.isArray(book.genres) ? book.genres[0] : null}
            candidates={book.coverCandidates}
            size="lg"
            alt={t('adminCatalogueUi.edit.coverAlt', { title: book.title })}
          />
          <div className="flex items-center gap-2 text-sm">
            <span className="text-ink-muted">{t('adminCatalogueUi.books.columns.status')}:</span>
            <StatusBadge status={book.status} />
          </div>
          <div className="w-full">
            <label htmlFor={ids.file} className="field-label">
              {t('adminCatalogueUi.edit.uploadCover')}
            </label>
            <input
              ref={fileRef}
              id={ids.file}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:text-ink"
              onChange={(event) => uploadCover(event.target.files?.[0])}
              disabled={upload.isPending}
              aria-describedby={`${ids.file}-hint`}
            />
            <p id={`${ids.file}-hint`} className="mt-1.5 text-sm text-ink-muted">
              {upload.isPending
                ? t('adminCatalogueUi.edit.uploading')
                : t('adminCatalogueUi.edit.uploadHint')}
            </p>
          </div>
          {book.hasUploadedCover ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={removeCover.isPending}
              onClick={() =>
                removeCover.mutate(book.id, {
                  onSuccess: () =>
                    toast.show({ kind: 'success', message: t('adminCatalogueUi.edit.coverRemoved') }),
                  onError: (error) => toast.show({ kind: 'error', message: error.message }),
                })
              }
            >
              {t('adminCatalogueUi.edit.removeCover')}
            </button>
          ) : null}
        </aside>

        <form noValidate onSubmit={handleSubmit(onSubmit)} className="card flex flex-col gap-5 p-5 sm:p-6">
          {formError ? (
            <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger">
              {formError}
            </p>
          ) : null}
          <TextField
            label={t('adminCatalogueUi.edit.title')}
            error={fieldError('title')}
            {...register('title')}
          />
          <TextAreaField
            label={t('adminCatalogueUi.edit.authors')}
            hint={t('adminCatalogueUi.edit.authorsHint')}
            rows={2}
            inputClassName="min-h-20"
            error={fieldError('authors')}
            {...register('authors')}
          />
          <TextAreaField
            label={t('adminCatalogueUi.edit.description')}
            hint={t('adminCatalogueUi.edit.descriptionHint')}
            rows={8}
            inputClassName="min-h-40 font-mono text-sm"
            error={fieldError('description')}
            {...register('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('adminCatalogueUi.edit.publisher')}
              error={fieldError('publisher')}
              {...register('publisher')}
            />
            <TextField
              label={t('adminCatalogueUi.edit.publicationDate')}
              hint={t('adminCatalogueUi.edit.publicationDateHint')}
              error={fieldError('publicationDate')}
              inputMode="numeric"
              {...register('publicationDate')}
            />
            <TextField
              label={t('adminCatalogueUi.edit.language')}
              hint={t('adminCatalogueUi.edit.languageHint')}
              error={fieldError('language')}
              {...register('language')}
            />
            <TextField
              label={t('adminCatalogueUi.edit.pageCount')}
              error={fieldError('pageCount')}
              inputMode="numeric"
              {...register('pageCount')}
            />
            <TextField
              label="ISBN-13"
              error={fieldError('isbn13')}
              inputMode="numeric"
              {...register('isbn13')}
            />
            <TextField label="ISBN-10" error={fieldError('isbn10')} {...register('isbn10')} />
          </div>
          <fieldset aria-describedby={errors.genres ? `${ids.genres}-error` : undefined}>
            <legend className="field-label">{t('adminCatalogueUi.edit.genres')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {GENRE_SLUGS.map((slug) => (
                <label key={slug} className="chip">
                  <input type="checkbox" value={slug} className="sr-only" {...register('genres')} />
                  {t(`genres.${slug}`)}
                </label>
              ))}
            </div>
            {errors.genres ? (
              <p id={`${ids.genres}-error`} className="field-error">
                {fieldError('genres')}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('adminCatalogueUi.edit.previewLink')}
              type="url"
              error={fieldError('previewLink')}
              {...register('previewLink')}
            />
            <SelectField
              label={t('adminCatalogueUi.edit.viewability')}
              error={fieldError('viewability')}
              {...register('viewability')}
            >
              {VIEWABILITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`adminCatalogueUi.viewability.${value}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('adminCatalogueUi.edit.coverUrl')}
              hint={t('adminCatalogueUi.edit.coverUrlHint')}
              type="url"
              error={fieldError('coverUrl')}
              {...register('coverUrl')}
            />
            <SelectField
              label={t('adminCatalogueUi.edit.status')}
              error={fieldError('status')}
              {...register('status')}
            >
              {BOOK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`adminCatalogueUi.status.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-5">
            <button
              type="button"
              className="btn border border-danger text-danger hover:bg-danger-soft"
              onClick={() => setDeleting(true)}
            >
              {t('adminCatalogueUi.books.delete')}
            </button>
            <div className="flex flex-wrap gap-3">
              <Link to="/admin/dashboard/managebook" className="btn btn-secondary">
                {t('adminCatalogueUi.edit.cancel')}
              </Link>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={isSubmitting || !isDirty}
                aria-busy={isSubmitting || undefined}
              >
                {isSubmitting ? t('adminCatalogueUi.edit.saving') : t('adminCatalogueUi.edit.save')}
              </button>
            </div>
          </div>
        </form>
      </div>
      <DeleteBookDialog
        book={deleting ? { id: book.id, title: book.title } : null}
        onClose={() => setDeleting(false)}
        pending={remove.isPending}
        onConfirm={(target) =>
          remove.mutate(target.id, {
            onSuccess: () => {
              toast.show({
                kind: 'success',
                message: t('adminCatalogueUi.books.deleted', { title: target.title }),
              });
              void navigate('/admin/dashboard/managebook', { replace: true });
            },
            onError: (error) => toast.show({ kind: 'error', message: error.message }),
          })
        }
      />
    </>
  );
}

/** `/admin/books/edit/:bookId`: every field of a book, its cover and status, and delete. */
export function EditBookPage() {
  const { t } = useTranslation();
  const { bookId = '' } = useParams();
  const book = useQuery(adminBookQueryOptions(bookId));

  return (
    <PageFrame
      title={
        book.data ? t('adminCatalogueUi.edit.heading', { title: book.data.title }) : t('pages.editBook.title')
      }
      description={t('adminCatalogueUi.edit.subtitle', { id: bookId })}
      eyebrow={t('admin.eyebrow')}
      actions={
        <>
          <BackToDashboard to="/admin/dashboard/managebook" label={t('adminCatalogueUi.edit.backToBooks')} />
          {book.data?.status === 'active' ? (
            <Link to={`/book/${encodeURIComponent(bookId)}`} className="btn btn-secondary">
              {t('adminCatalogueUi.edit.viewPage')}
            </Link>
          ) : null}
        </>
      }
    >
      {book.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : book.isError ? (
        <div role="alert" className="card p-6">
          <p className="text-danger">{book.error.message}</p>
        </div>
      ) : (
        <EditBookForm key={book.data.id} book={book.data} />
      )}
    </PageFrame>
  );
}
