import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
} from '@nebab/shared';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetupTwoFactorMutation,
} from '../../api/account/mutations';
import { isApiError } from '../../api/client';
import { TextField } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';
import { SettingsCard } from './SettingsCard';

function ErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}

/**
 * Two-factor sign-in with an authenticator app (TOTP): set up (scan, confirm a code, keep the ten
 * recovery codes) or turn off (password and a code).
 */
export function TwoFactorCard({
  enabled,
  hasPassword,
  recoveryCodesLeft,
}: {
  enabled: boolean;
  hasPassword: boolean;
  recoveryCodesLeft: number;
}) {
  const { t } = useTranslation();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <SettingsCard title={t('settingsUi.twoFactor.title')} description={t('settingsUi.twoFactor.description')}>
      <p className="mb-4 flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t('settingsUi.twoFactor.status')}</span>
        <span
          data-testid="two-factor-status"
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${enabled ? 'bg-accent-soft text-accent-strong' : 'bg-surface-2 text-ink-muted'}`}
        >
          {enabled ? t('settingsUi.twoFactor.on') : t('settingsUi.twoFactor.off')}
        </span>
        {enabled ? (
          <span className="text-sm text-ink-muted">
            {t('settingsUi.twoFactor.codesLeft', { count: recoveryCodesLeft })}
          </span>
        ) : null}
      </p>
      {recoveryCodes ? (
        <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enabled ? (
        <DisableForm hasPassword={hasPassword} />
      ) : (
        <Enrolment onEnabled={setRecoveryCodes} />
      )}
    </SettingsCard>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactorMutation();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      setSecret(await setup.mutateAsync());
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  if (!secret) {
    return (
      <div className="flex flex-col gap-3">
        <ErrorBanner message={error} />
        <div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void start()}
            disabled={setup.isPending}
          >
            {setup.isPending ? t('settingsUi.twoFactor.starting') : t('settingsUi.twoFactor.setUp')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-2 ps-5 text-sm">
        <li>{t('settingsUi.twoFactor.scan')}</li>
        <li>{t('settingsUi.twoFactor.enterCode')}</li>
      </ol>
      <div className="flex flex-wrap items-start gap-5">
        <img
          src={secret.qrCode}
          alt={t('settingsUi.twoFactor.qrAlt')}
          width={176}
          height={176}
          className="rounded-lg border border-line bg-white p-2"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{t('settingsUi.twoFactor.manualKey')}</p>
          <code
            data-testid="totp-secret"
            className="mt-1 block rounded-md bg-surface-2 px-2 py-1 font-mono text-sm break-all"
          >
            {secret.secret}
          </code>
        </div>
      </div>
      <ConfirmForm onEnabled={onEnabled} onCancel={() => setSecret(null)} />
    </div>
  );
}

function ConfirmForm({
  onEnabled,
  onCancel,
}: {
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactorMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = async (values: TwoFactorEnableInput) => {
    setFormError(null);
    try {
      const result = await enable.mutateAsync(values);
      onEnabled(result.recoveryCodes);
    } catch (error) {
      setFormError(applyServerErrors(error, ['code'], setError));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-sm flex-col gap-4">
      <ErrorBanner message={formError} />
      <TextField
        label={t('settingsUi.twoFactor.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={translateMessage(errors.code?.message)}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('settingsUi.saving') : t('settingsUi.twoFactor.turnOn')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('settingsUi.cancel')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.show({ kind: 'success', message: t('settingsUi.twoFactor.copied') });
    } catch {
      toast.show({ kind: 'error', message: t('settingsUi.twoFactor.copyFailed') });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-lg bg-accent-soft px-3 py-2 text-sm">
        {t('settingsUi.twoFactor.enabledNotice')}
      </p>
      <p className="text-sm">{t('settingsUi.twoFactor.codesIntro')}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface-2 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {t('settingsUi.twoFactor.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('settingsUi.twoFactor.done')}
        </button>
      </div>
    </div>
  );
}

function DisableForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTwoFactorMutation();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: { password: '', code: '' },
  });

  if (!open) {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {t('settingsUi.twoFactor.turnOff')}
      </button>
    );
  }

  const onSubmit = async (values: TwoFactorDisableInput) => {
    setFormError(null);
    try {
      await disable.mutateAsync(hasPassword ? values : { code: values.code });
      toast.show({ kind: 'success', message: t('settingsUi.twoFactor.disabled') });
    } catch (error) {
      setFormError(applyServerErrors(error, ['password', 'code'], setError));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-sm flex-col gap-4">
      <ErrorBanner message={formError} />
      {hasPassword ? (
        <TextField
          label={t('settingsUi.twoFactor.password')}
          type="password"
          autoComplete="current-password"
          error={translateMessage(errors.password?.message)}
          {...register('password')}
        />
      ) : null}
      <TextField
        label={t('settingsUi.twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        error={translateMessage(errors.code?.message)}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('settingsUi.saving') : t('settingsUi.twoFactor.confirmOff')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t('settingsUi.cancel')}
        </button>
      </div>
    </form>
  );
}
