import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePasswordSchema } from '@nebab/shared';
import { useChangePasswordMutation } from '../../api/account/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';
import { SettingsCard } from './SettingsCard';

type ChangePasswordInput = z.input<typeof changePasswordSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §5 Change password: the current password, a new one (signup rules, not the same) and its confirmation. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePasswordMutation();
  const [visible, toggleVisible] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = async (values: ChangePasswordInput) => {
    setFormError(null);
    if (values.newPassword === values.currentPassword) {
      setError('newPassword', { type: 'validate', message: 'account.passwordSameAsCurrent' });
      return;
    }
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast.show({ kind: 'success', message: t('settingsUi.password.changed') });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <SettingsCard title={t('settingsUi.password.title')} description={t('settingsUi.password.description')}>
      {hasPassword ? (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
          {formError ? (
            <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          ) : null}
          <TextField
            label={t('settingsUi.password.current')}
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            error={translateMessage(errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
          <TextField
            label={t('settingsUi.password.new')}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            hint={t('settingsUi.password.rules')}
            error={translateMessage(errors.newPassword?.message)}
            {...register('newPassword')}
          />
          <TextField
            label={t('settingsUi.password.confirm')}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            error={translateMessage(errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
          <div className="-mt-1">
            <PasswordVisibilityToggle visible={visible} onToggle={toggleVisible} />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? t('settingsUi.saving') : t('settingsUi.password.submit')}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-ink-muted">{t('settingsUi.password.googleOnly')}</p>
      )}
    </SettingsCard>
  );
}
