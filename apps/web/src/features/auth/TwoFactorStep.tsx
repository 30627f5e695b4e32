import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { secondFactorCodeSchema, type LoginResponse } from '@nebab/shared';
import { useTwoFactorLoginMutation } from '../../api/account/mutations';
import { isApiError } from '../../api/client';
import { TextField } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from './applyServerErrors';

const codeFormSchema = z.object({ code: secondFactorCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

interface TwoFactorStepProps {
  challenge: string;
  /** The code was right: the session to complete. */
  onSignedIn: (result: LoginResponse) => Promise<void>;
  /** The challenge is void (expired, used up): back to email and password, with this message. */
  onRestart: (message: string | null) => void;
  onError: (message: string | null) => void;
}

/** Second login step of an account with two-factor sign-in: an authenticator or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart, onError }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const verify = useTwoFactorLoginMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = async (values: CodeForm) => {
    onError(null);
    try {
      await onSignedIn(await verify.mutateAsync({ challenge, code: values.code }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        onRestart(error.message);
        return;
      }
      onError(applyServerErrors(error, ['code'], setError));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <p className="text-ink-muted">{t('loginTwoFactor.intro')}</p>
      <TextField
        label={t('loginTwoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        hint={t('loginTwoFactor.hint')}
        error={translateMessage(errors.code?.message)}
        {...register('code')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t('loginTwoFactor.verifying') : t('loginTwoFactor.verify')}
      </button>
      <button type="button" className="btn btn-ghost w-full" onClick={() => onRestart(null)}>
        {t('loginTwoFactor.back')}
      </button>
    </form>
  );
}
