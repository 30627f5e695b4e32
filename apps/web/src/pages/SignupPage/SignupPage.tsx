import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signupSchema, type SignupData, type SignupInput } from '@nebab/shared';
import { useSignupMutation } from '../../api/auth/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { AuthCard } from '../../features/auth/AuthCard';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useAuth } from '../../features/auth/authContext';
import { afterLoginPath } from '../../features/auth/resolveRedirect';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword'] as const;

/** Sign-up screen (spec §2 Signup, §5 validation). */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { completeSignIn } = useAuth();
  const signup = useSignupMutation();
  const [passwordVisible, togglePassword] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupData>({
    resolver: zodResolver(signupSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: SignupData) => {
    setFormError(null);
    try {
      const result = await signup.mutateAsync(values);
      await completeSignIn(result.token);
      toast.show({ kind: 'success', message: result.message || t('auth.signupSuccess') });
      await navigate(afterLoginPath(result.role, result.landing), { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError, 'email'));
    }
  };

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      error={formError}
      crossLink={{ prompt: t('signup.haveAccount'), label: t('signup.loginLink'), to: '/login' }}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('signup.fullName')}
          autoComplete="name"
          error={translateMessage(errors.fullName?.message)}
          {...register('fullName')}
        />
        <TextField
          label={t('signup.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={translateMessage(errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('signup.password')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={translateMessage(errors.password?.message)}
          {...register('password')}
        />
        <TextField
          label={t('signup.confirmPassword')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="new-password"
          error={translateMessage(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <div className="-mt-1">
          <PasswordVisibilityToggle visible={passwordVisible} onToggle={togglePassword} />
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
