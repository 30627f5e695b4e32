import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportSchema } from '@nebab/shared';
import type { z } from 'zod';
import { useReportBookMutation } from '../../api/books/mutations';
import { FlagIcon } from '../../components/icons';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useAuth } from '../auth/authContext';
import { useToast } from '../toast/toastContext';

type ReportInput = z.input<typeof reportSchema>;

/** Spec §4/§5: the report-book form; opens and closes, a non-blank reason is required. */
export function ReportBookForm({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const panelId = useId();
  const reasonId = useId();
  const mutation = useReportBookMutation(bookId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReportInput>({ resolver: zodResolver(reportSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ reason: values.reason.trim() });
      toast.show({ kind: 'success', message: t('report.thanks') });
      reset();
      setOpen(false);
    } catch (error) {
      setFormError(applyServerErrors(error, ['reason'], setError));
    }
  });

  const reasonError = translateMessage(errors.reason?.message);

  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-3 text-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FlagIcon className="size-4" />
        {t('report.button')}
      </button>
      {open ? (
        <div id={panelId} className="card mt-3 p-4">
          {status === 'signedIn' ? (
            <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('report.formLabel')}>
              <label htmlFor={reasonId} className="field-label">
                {t('report.reason')}
              </label>
              <textarea
                id={reasonId}
                rows={3}
                className="input min-h-24"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonId}-error` : undefined}
                {...register('reason')}
              />
              {reasonError ? (
                <p id={`${reasonId}-error`} role="alert" className="field-error">
                  {reasonError}
                </p>
              ) : null}
              {formError ? (
                <p role="alert" className="field-error">
                  {formError}
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                  {isSubmitting ? t('report.sending') : t('report.submit')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    reset();
                    setFormError(null);
                    setOpen(false);
                  }}
                >
                  {t('report.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <p className="text-sm">
              {t('report.signInFirst')}{' '}
              <Link to="/login" className="font-semibold text-accent underline">
                {t('report.logIn')}
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
