import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@nebab/shared';
import { useForgotPasswordMutation } from '../../api/auth/mutations';
import { TextField } from '../../components/FormField';
import { AuthCard } from '../../features/auth/AuthCard';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { translateMessage } from '../../i18n/messages';

/** "Forgot password?": asks for the address and says a link is on its way (whether or not it has an account). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    setFormError(null);
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email.trim());
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], setError));
    }
  };

  return (
    <AuthCard
      title={t('passwordResetUi.forgotTitle')}
      subtitle={t('passwordResetUi.forgotSubtitle')}
      error={formError}
      crossLink={null}
    >
      {sentTo ? (
        <div role="status" className="flex flex-col gap-4">
          <p>{t('passwordResetUi.sent', { email: sentTo })}</p>
          <Link to="/login" className="btn btn-secondary w-full">
            {t('passwordResetUi.backToLogin')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={translateMessage(errors.email?.message)}
            {...register('email')}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {t('passwordResetUi.send')}
          </button>
          <Link to="/login" className="text-center text-sm font-semibold text-accent underline">
            {t('passwordResetUi.backToLogin')}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
