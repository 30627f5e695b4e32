import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportSchema } from '@nebab/shared';
import type { z } from 'zod';
import { useReportBookMutation } from '../../api/books/mutations';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';

type ReportInput = z.input<typeof reportSchema>;

/** The report form itself (react-hook-form + the shared zod rule), loaded when a reader opens it. */
export function ReportBookFormBody({ bookId, onClose }: { bookId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
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
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, ['reason'], setError));
    }
  });

  const reasonError = translateMessage(errors.reason?.message);

  return (
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
            onClose();
          }}
        >
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
