import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '@nebab/shared';
import { useSetRecoveryEmailMutation } from '../../api/account/mutations';
import { TextField } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';
import { SettingsCard } from './SettingsCard';

const formSchema = z.object({ recoveryEmail: emailSchema });
type RecoveryEmailForm = z.input<typeof formSchema>;

/** A second address, different from the login email, kept for account recovery. */
export function RecoveryEmailCard({
  recoveryEmail,
  recoveryEmailVerified = false,
  loginEmail,
}: {
  recoveryEmail: string | null;
  /** Confirmed through the mailed link: only then does it receive password-reset links. */
  recoveryEmailVerified?: boolean;
  loginEmail: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetRecoveryEmailMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryEmailForm, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { recoveryEmail: recoveryEmail ?? '' },
  });

  const onSubmit = async (values: z.output<typeof formSchema>) => {
    setFormError(null);
    if (values.recoveryEmail === loginEmail.toLowerCase()) {
      setError('recoveryEmail', { type: 'validate', message: 'account.recoveryEmailSameAsLogin' });
      return;
    }
    try {
      await save.mutateAsync({ recoveryEmail: values.recoveryEmail });
      reset({ recoveryEmail: values.recoveryEmail });
      toast.show({ kind: 'success', message: t('settingsUi.recovery.saved') });
    } catch (error) {
      setFormError(applyServerErrors(error, ['recoveryEmail'], setError));
    }
  };

  const onRemove = async () => {
    setFormError(null);
    try {
      await save.mutateAsync({ recoveryEmail: null });
      reset({ recoveryEmail: '' });
      toast.show({ kind: 'success', message: t('settingsUi.recovery.removed') });
    } catch (error) {
      setFormError(applyServerErrors(error, ['recoveryEmail'], setError));
    }
  };

  return (
    <SettingsCard title={t('settingsUi.recovery.title')} description={t('settingsUi.recovery.description')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
        {formError ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <p className="text-sm">
          {recoveryEmail
            ? t('settingsUi.recovery.current', { email: recoveryEmail })
            : t('settingsUi.recovery.none')}
          {recoveryEmail ? (
            <>
              {' '}
              {recoveryEmailVerified
                ? t('settingsUi.recovery.verified')
                : t('settingsUi.recovery.unverified', { email: recoveryEmail })}
            </>
          ) : null}
        </p>
        <TextField
          label={t('settingsUi.recovery.label')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={translateMessage(errors.recoveryEmail?.message)}
          {...register('recoveryEmail')}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || save.isPending}>
            {isSubmitting ? t('settingsUi.saving') : t('settingsUi.recovery.save')}
          </button>
          {recoveryEmail ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={save.isPending}
              onClick={() => void onRemove()}
            >
              {t('settingsUi.recovery.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}
