import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isTwoFactorChallenge, loginSchema, type LoginInput, type LoginResponse } from '@nebab/shared';
import { useLoginMutation } from '../../api/auth/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { AuthCard } from '../../features/auth/AuthCard';
import { TwoFactorStep } from '../../features/auth/TwoFactorStep';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useAuth } from '../../features/auth/authContext';
import { afterLoginPath } from '../../features/auth/resolveRedirect';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';

const FIELDS = ['email', 'password'] as const;

/** Errors the Google sign-in redirect can bring back as `/login?error=…`. */
const CALLBACK_ERRORS = {
  google_failed: 'auth.googleFailed',
  google_not_configured: 'auth.googleNotConfigured',
  suspended: 'errors.SUSPENDED',
  registration_closed: 'adminCatalogue.registrationClosed',
} as const;

function isCallbackError(value: string | null): value is keyof typeof CALLBACK_ERRORS {
  return value !== null && value in CALLBACK_ERRORS;
}

/** A Google sign-in of an account with two-factor sign-in lands on `/login#challenge=…`. */
function challengeOfHash(hash: string): string | null {
  const challenge = new URLSearchParams(hash.replace(/^#/, '')).get('challenge');
  return challenge && challenge.length <= 200 ? challenge : null;
}

/** Login screen (spec §2 Login). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [challenge, setChallenge] = useState<string | null>(() => challengeOfHash(location.hash));
  const { completeSignIn } = useAuth();
  const login = useLoginMutation();
  const [passwordVisible, togglePassword] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(null);
  const callbackError = searchParams.get('error');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const finishLogin = async (result: LoginResponse) => {
    await completeSignIn(result.token);
    toast.show({ kind: 'success', message: result.message || t('auth.loginSuccess') });
    await navigate(afterLoginPath(result.role, result.landing), { replace: true });
  };

  const onSubmit = async (values: LoginInput) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync(values);
      if (isTwoFactorChallenge(result)) {
        setChallenge(result.challenge);
        return;
      }
      await finishLogin(result);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  const bannerError =
    formError ?? (isCallbackError(callbackError) ? t(CALLBACK_ERRORS[callbackError]) : null);

  if (challenge) {
    return (
      <AuthCard
        title={t('loginTwoFactor.title')}
        subtitle={t('loginTwoFactor.subtitle')}
        error={formError}
        crossLink={null}
      >
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finishLogin}
          onError={setFormError}
          onRestart={(message) => {
            setChallenge(null);
            setFormError(message);
            if (location.hash)
              void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      error={bannerError}
      crossLink={{ prompt: t('login.noAccount'), label: t('login.signupLink'), to: '/signup' }}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={translateMessage(errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('login.password')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          error={translateMessage(errors.password?.message)}
          {...register('password')}
        />
        <div className="-mt-1 flex flex-wrap items-center justify-between gap-2">
          <PasswordVisibilityToggle visible={passwordVisible} onToggle={togglePassword} />
          <Link to="/forgot-password" className="text-sm font-semibold text-accent underline">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
