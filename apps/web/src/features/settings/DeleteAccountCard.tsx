import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountDeleteSchema, type AccountDeleteInput } from '@nebab/shared';
import { useDeleteAccountMutation } from '../../api/account/mutations';
import { downloadExport } from '../../api/imports/mutations';
import { PasswordVisibilityToggle, TextField, usePasswordVisibility } from '../../components/FormField';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useAuth } from '../auth/authContext';
import { useToast } from '../toast/toastContext';
import { SettingsCard } from './SettingsCard';

const FIELDS = ['password'] as const;

/** "Download your data" (the account export), offered right before leaving. */
export function DownloadDataCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadExport('/api/exports/account.json', `nebab_account_${day}.json`);
    } catch {
      setError(t('libraryUi.export.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <SettingsCard
      title={t('settingsUi.leaving.downloadTitle')}
      description={t('settingsUi.leaving.downloadDescription')}
    >
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? t('libraryUi.export.downloading') : t('settingsUi.leaving.download')}
      </button>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </SettingsCard>
  );
}

/**
 * Delete account: what goes and what stays, then the password to confirm. Once the account is gone
 * the tab signs out and lands on `/`. An account without a password (Google only) is mailed a link
 * instead, which `/delete-account` uses.
 */
export function DeleteAccountCard({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { signOut } = useAuth();
  const remove = useDeleteAccountMutation();
  const [visible, toggleVisible] = usePasswordVisibility();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountDeleteInput>({
    resolver: zodResolver(accountDeleteSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = async (values: AccountDeleteInput) => {
    setFormError(null);
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
      return;
    }
    toast.show({ kind: 'success', message: t('settingsUi.leaving.deleted') });
    await signOut();
  };

  const [mailed, setMailed] = useState(false);
  const mailLink = async () => {
    setFormError(null);
    setMailed(false);
    try {
      await remove.mutateAsync({});
      setMailed(true);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <SettingsCard title={t('settingsUi.leaving.title')} description={t('settingsUi.leaving.description')}>
      <ul className="mb-4 list-disc space-y-1 ps-5 text-sm">
        <li>{t('settingsUi.leaving.goes')}</li>
        <li>{t('settingsUi.leaving.stays')}</li>
        <li>{t('settingsUi.leaving.clubs')}</li>
      </ul>
      {hasPassword ? (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
          {formError ? (
            <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          ) : null}
          <TextField
            label={t('settingsUi.leaving.password')}
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            error={translateMessage(errors.password?.message)}
            {...register('password')}
          />
          <div className="-mt-1">
            <PasswordVisibilityToggle visible={visible} onToggle={toggleVisible} />
          </div>
          <div>
            <button
              type="submit"
              className="btn border border-danger bg-danger text-paper hover:opacity-90"
              disabled={isSubmitting}
            >
              {isSubmitting ? t('settingsUi.leaving.deleting') : t('settingsUi.leaving.submit')}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex max-w-md flex-col gap-4">
          {formError ? (
            <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          ) : null}
          <p className="text-ink-muted">{t('settingsUi.leaving.googleOnly', { email })}</p>
          {mailed ? (
            <p role="status" className="rounded-lg bg-accent-soft px-3 py-2 text-sm">
              {t('settingsUi.leaving.mailed', { email })}
            </p>
          ) : null}
          <div>
            <button
              type="button"
              className="btn border border-danger bg-danger text-paper hover:opacity-90"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => void mailLink()}
            >
              {remove.isPending ? t('settingsUi.leaving.mailing') : t('settingsUi.leaving.mailSubmit')}
            </button>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
