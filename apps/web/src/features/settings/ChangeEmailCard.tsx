import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { emailChangeSchema } from '@nebab/shared';
import { useChangeEmailMutation } from '../../api/account/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { SettingsCard } from './SettingsCard';

type EmailChangeForm = z.input<typeof emailChangeSchema>;
const FIELDS = ['email', 'password'] as const;
const EMPTY: EmailChangeForm = { email: '', password: '' };

/**
 * The login address: the new one and the password; nothing changes until the reader opens the link
 * mailed to the new address (the old one is told). A Google-only account is told its address is Google's.
 */
export function ChangeEmailCard({
  email,
  emailVerified,
  hasPassword,
}: {
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeEmailMutation();
  const [visible, toggleVisible] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeForm, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: z.output<typeof emailChangeSchema>) => {
    setFormError(null);
    setSentTo(null);
    if (values.email === email.toLowerCase()) {
      setError('email', { type: 'validate', message: 'account.emailSameAsCurrent' });
      return;
    }
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError, 'email'));
    }
  };

  return (
    <SettingsCard title={t('settingsUi.email.title')} description={t('settingsUi.email.description')}>
      <p className="mb-4 text-sm">
        {t('settingsUi.email.current', { email })}{' '}
        {emailVerified ? t('settingsUi.email.verified') : t('settingsUi.email.unverified')}
      </p>
      {hasPassword ? (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
          {formError ? (
            <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          ) : null}
          {sentTo ? (
            <p role="status" className="rounded-lg bg-accent-soft px-3 py-2 text-sm">
              {t('settingsUi.email.sent', { email: sentTo, current: email })}
            </p>
          ) : null}
          <TextField
            label={t('settingsUi.email.label')}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={translateMessage(errors.email?.message)}
            {...register('email')}
          />
          <TextField
            label={t('settingsUi.email.password')}
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            error={translateMessage(errors.password?.message)}
            {...register('password')}
          />
          <div className="-mt-1">
            <PasswordVisibilityToggle visible={visible} onToggle={toggleVisible} />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? t('settingsUi.email.sending') : t('settingsUi.email.submit')}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-ink-muted">{t('settingsUi.email.googleOnly')}</p>
      )}
    </SettingsCard>
  );
}
