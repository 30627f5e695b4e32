import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGES, siteSettingsSchema, type PublicSite, type SiteSettings } from '@nebab/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaveSiteSettingsMutation } from '../../api/admin-catalogue/mutations';
import { siteSettingsQueryOptions } from '../../api/admin-catalogue/queries';
import { TextField } from '../../components/FormField';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { BackToDashboard } from '../../components/AdminPageActions';
import { applyServerErrors } from '../../features/auth/applyServerErrors';
import { useToast } from '../../features/toast/toastContext';
import { translateMessage } from '../../i18n/messages';

type SettingsForm = z.input<typeof siteSettingsSchema>;
const FIELDS = ['registrationOpen', 'defaultLanguage', 'contactEmail', 'requireVerifiedToPost'] as const;

function SettingsEditor({ settings }: { settings: PublicSite }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSiteSettingsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { registration: useId(), language: useId(), verified: useId() };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsForm, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: { ...settings, contactEmail: settings.contactEmail ?? '' },
  });

  const onSubmit = async (values: SiteSettings) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      reset({ ...saved, contactEmail: saved.contactEmail ?? '' });
      toast.show({ kind: 'success', message: t('adminCatalogueUi.settings.saved') });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="card flex max-w-2xl flex-col gap-6 p-5 sm:p-6"
    >
      {formError ? (
        <p role="alert" className="rounded-lg border border-danger bg-danger-soft p-3 text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id={ids.registration}
          type="checkbox"
          className="mt-1 size-5 accent-[var(--color-accent)]"
          aria-describedby={`${ids.registration}-hint`}
          {...register('registrationOpen')}
        />
        <div>
          <label htmlFor={ids.registration} className="font-semibold">
            {t('adminCatalogueUi.settings.registrationOpen')}
          </label>
          <p id={`${ids.registration}-hint`} className="text-sm text-ink-muted">
            {t('adminCatalogueUi.settings.registrationHint')}
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={ids.verified}
          type="checkbox"
          className="mt-1 size-5 accent-[var(--color-accent)]"
          aria-describedby={`${ids.verified}-hint`}
          {...register('requireVerifiedToPost')}
        />
        <div>
          <label htmlFor={ids.verified} className="font-semibold">
            {t('adminCatalogueUi.settings.requireVerifiedToPost')}
          </label>
          <p id={`${ids.verified}-hint`} className="text-sm text-ink-muted">
            {t('adminCatalogueUi.settings.requireVerifiedToPostHint')}
          </p>
        </div>
      </div>
      <div>
        <label htmlFor={ids.language} className="field-label">
          {t('adminCatalogueUi.settings.defaultLanguage')}
        </label>
        <select
          id={ids.language}
          className="input"
          aria-describedby={`${ids.language}-hint`}
          {...register('defaultLanguage')}
        >
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {t(`adminCatalogueUi.settings.languages.${lang}`)}
            </option>
          ))}
        </select>
        <p id={`${ids.language}-hint`} className="mt-1.5 text-sm text-ink-muted">
          {t('adminCatalogueUi.settings.defaultLanguageHint')}
        </p>
        {errors.defaultLanguage ? (
          <p className="field-error">{translateMessage(errors.defaultLanguage.message)}</p>
        ) : null}
      </div>
      <TextField
        label={t('adminCatalogueUi.settings.contactEmail')}
        hint={t('adminCatalogueUi.settings.contactEmailHint')}
        type="email"
        autoComplete="email"
        error={translateMessage(errors.contactEmail?.message)}
        {...register('contactEmail')}
      />
      <p className="-mt-2 text-sm">
        <Link to="/admin/messages" className="font-semibold text-accent">
          {t('contactUi.inbox.settingsLink')}
        </Link>
      </p>
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting || !isDirty}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('adminCatalogueUi.edit.saving') : t('adminCatalogueUi.settings.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * `/admin/settings`: site settings saved on the server (registration, posting with an unconfirmed
 * address, default language, contact).
 */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(siteSettingsQueryOptions());
  return (
    <PageFrame
      title={t('pages.adminSettings.title')}
      description={t('adminCatalogueUi.settings.subtitle')}
      eyebrow={t('admin.eyebrow')}
      actions={<BackToDashboard />}
    >
      {settings.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-danger">{settings.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void settings.refetch()}>
            {t('adminCatalogueUi.retry')}
          </button>
        </div>
      ) : (
        <SettingsEditor settings={settings.data} />
      )}
    </PageFrame>
  );
}
