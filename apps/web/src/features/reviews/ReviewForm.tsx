import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reviewInputSchema, reviewVisibilitySchema, type Review, type ReviewInput } from '@nebab/shared';
import type { z } from 'zod';
import { privacyQueryOptions } from '../../api/readers/queries';
import { useSaveReviewMutation } from '../../api/reviews/mutations';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';

/** Visibility stays unset until the reader's default is known (the server applies it if sent unset). */
const DEFAULTS: FormValues = { rating: 1, comment: '', visibility: undefined, spoiler: false };

/** The form's schema: a visibility still unset (no radio checked: null) goes unsent, for the server's default. */
const formSchema = reviewInputSchema.extend({
  visibility: reviewVisibilitySchema.nullish().transform((value) => value ?? undefined),
});
type FormValues = z.input<typeof formSchema>;

interface ReviewFormProps {
  bookId: string;
  /** The reader's own review, when there is one: the form edits it. */
  existing: Review | null;
  /** Move focus to the comment box on mount (`?openReview=true`, Write Review). */
  autoFocus?: boolean;
  onClose: () => void;
  /** The review was saved (its id): the section moves focus to it. */
  onSaved?: (reviewId: string) => void;
}

/**
 * Spec §4 review form: rating 1–5 (stars), comment, visibility and a spoiler flag (others then see the
 * comment only after "Show spoiler"); reset to defaults on submit or close. A new review, or one that
 * came with an import (whose visibility the reader never chose here), starts on the reader's default
 * (Settings › Privacy; public unless they chose private); the form says plainly when it is private.
 */
export function ReviewForm({ bookId, existing, autoFocus = false, onClose, onSaved }: ReviewFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useSaveReviewMutation(bookId);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ReviewInput>({
    resolver: zodResolver(formSchema),
    defaultValues: existing
      ? {
          rating: existing.rating,
          comment: existing.comment,
          visibility: existing.imported ? undefined : existing.visibility,
          spoiler: existing.spoiler,
        }
      : DEFAULTS,
  });
  const privacy = useQuery(privacyQueryOptions());
  // Unknown while the reader's privacy loads (the server applies it to a form sent meanwhile); public
  // if it cannot be read.
  const readerDefault = privacy.data
    ? privacy.data.reviewsPrivate
      ? 'private'
      : 'public'
    : privacy.isError
      ? 'public'
      : undefined;
  const visibility = useWatch({ control, name: 'visibility' });
  useEffect(() => {
    if (readerDefault && getValues('visibility') == null) setValue('visibility', readerDefault);
  }, [readerDefault, getValues, setValue]);
  const commentRef = useRef<HTMLTextAreaElement | null>(null);
  const { ref: commentRegisterRef, ...commentField } = register('comment');

  useEffect(() => {
    if (autoFocus) commentRef.current?.focus();
  }, [autoFocus]);

  const close = () => {
    reset({ ...DEFAULTS, visibility: readerDefault });
    setFormError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await mutation.mutateAsync({ id: existing?.id ?? null, input: values });
      toast.show({
        kind: 'success',
        message: saved.visibility === 'private' ? t('reviewsUi.savedPrivate') : t('reviewsUi.saved'),
      });
      close();
      onSaved?.(saved.id);
    } catch (error) {
      setFormError(applyServerErrors(error, ['rating', 'comment', 'visibility', 'spoiler'], setError));
    }
  });

  const commentError = translateMessage(errors.comment?.message);
  const ratingError = translateMessage(errors.rating?.message);

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={existing ? t('reviewsUi.editTitle') : t('reviewsUi.writeTitle')}
      className="card mt-4 grid gap-4 p-4"
    >
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <fieldset>
            <legend className="field-label">{t('reviewsUi.rating')}</legend>
            <div role="radiogroup" aria-label={t('reviewsUi.rating')} className="flex gap-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="cursor-pointer text-2xl leading-none">
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    className="sr-only peer"
                    aria-label={t('reviewsUi.stars', { count: value })}
                  />
                  <span
                    aria-hidden="true"
                    className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-accent ${
                      (field.value ?? 0) >= value ? 'text-amber-500' : 'text-ink-muted'
                    }`}
                  >
                    {(field.value ?? 0) >= value ? '★' : '☆'}
                  </span>
                </label>
              ))}
            </div>
            {ratingError ? (
              <p role="alert" className="field-error">
                {ratingError}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div>
        <label htmlFor={`${id}-comment`} className="field-label">
          {t('reviewsUi.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          className="input min-h-28"
          aria-required="true"
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
          {...commentField}
          ref={(element) => {
            commentRegisterRef(element);
            commentRef.current = element;
          }}
        />
        {commentError ? (
          <p id={`${id}-comment-error`} role="alert" className="field-error">
            {commentError}
          </p>
        ) : null}
      </div>
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" aria-describedby={`${id}-spoiler-hint`} {...register('spoiler')} />
          {t('reviewsUi.spoiler')}
        </label>
        <p id={`${id}-spoiler-hint`} className="mt-1 text-sm text-ink-muted">
          {t('reviewsUi.spoilerHint')}
        </p>
      </div>
      <fieldset>
        <legend className="field-label">{t('reviewsUi.visibility')}</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="public"
              aria-describedby={visibility === 'private' ? `${id}-private-note` : undefined}
              {...register('visibility')}
            />
            {t('reviewsUi.public')}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="private"
              aria-describedby={visibility === 'private' ? `${id}-private-note` : undefined}
              {...register('visibility')}
            />
            {t('reviewsUi.private')}
          </label>
        </div>
        {visibility === 'private' ? (
          <p
            id={`${id}-private-note`}
            className="mt-2 rounded-lg border border-line bg-accent-soft p-2 text-sm"
          >
            {t('reviewsUi.privateNote')}
          </p>
        ) : null}
      </fieldset>
      {formError ? (
        <p role="alert" className="field-error">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('reviewsUi.submitting') : t('reviewsUi.submit')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={close}>
          {t('reviewsUi.cancel')}
        </button>
      </div>
    </form>
  );
}
