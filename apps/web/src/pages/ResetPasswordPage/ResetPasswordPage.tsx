import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema } from '@nebab/shared';
import { useResetPasswordMutation } from '../../api/auth/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { AuthCard } from '../../features/auth/AuthCard';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';

const formSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'validation.passwordsMustMatch',
    path: ['confirmPassword'],
  });
type FormValues = z.input<typeof formSchema>;

/** The page of the mailed reset link: a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPasswordMutation();
  const [passwordVisible, togglePassword] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(token ? null : t('validation.linkInvalid'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: FormValues) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      toast.show({ kind: 'success', message: t('passwordResetUi.done') });
      await navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, ['password'], setError));
    }
  };

  return (
    <AuthCard
      title={t('passwordResetUi.resetTitle')}
      subtitle={t('passwordResetUi.resetSubtitle')}
      error={formError}
      crossLink={null}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('passwordResetUi.newPassword')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="new-password"
          error={translateMessage(errors.password?.message)}
          {...register('password')}
        />
        <TextField
          label={t('passwordResetUi.confirmPassword')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="new-password"
          error={translateMessage(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <div className="-mt-1">
          <PasswordVisibilityToggle visible={passwordVisible} onToggle={togglePassword} />
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting || !token}>
          {t('passwordResetUi.save')}
        </button>
        <Link to="/forgot-password" className="text-center text-sm font-semibold text-accent underline">
          {t('passwordResetUi.askAgain')}
        </Link>
      </form>
    </AuthCard>
  );
}
