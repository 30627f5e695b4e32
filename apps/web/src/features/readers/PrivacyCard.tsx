import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROFILE_VISIBILITIES, type ReaderPrivacy } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useSavePrivacyMutation } from '../../api/readers/mutations';
import { privacyQueryOptions } from '../../api/readers/queries';
import { Spinner } from '../../components/Spinner';
import { SettingsCard } from '../settings/SettingsCard';
import { useToast } from '../toast/toastContext';

/**
 * Settings › Privacy: who sees the profile, whether the reading list and the location show, and whether
 * new reviews start private.
 */
export function PrivacyCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const privacy = useQuery(privacyQueryOptions());
  return (
    <SettingsCard
      title={t('readersUi.privacy.title')}
      description={t('readersUi.privacy.description')}
      actions={
        <Link to={`/reader/${encodeURIComponent(userId)}`} className="btn btn-secondary">
          {t('readersUi.privacy.viewProfile')}
        </Link>
      }
    >
      {privacy.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : privacy.isError ? (
        <p role="alert" className="text-danger">
          {privacy.error.message}
        </p>
      ) : (
        <PrivacyForm initial={privacy.data} />
      )}
    </SettingsCard>
  );
}

function PrivacyForm({ initial }: { initial: ReaderPrivacy }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const save = useSavePrivacyMutation();
  const [values, setValues] = useState<ReaderPrivacy>(initial);
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    setError(null);
    try {
      setValues(await save.mutateAsync(values));
      toast.show({ kind: 'success', message: t('readersUi.privacy.saved') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  const box = (key: 'showReadingList' | 'showLocation' | 'reviewsPrivate') => (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
      <input
        type="checkbox"
        checked={values[key]}
        onChange={() => setValues((current) => ({ ...current, [key]: !current[key] }))}
        className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
      />
      <span>
        <span className="block font-medium">{t(`readersUi.privacy.${key}.label`)}</span>
        <span className="block text-sm text-ink-muted">{t(`readersUi.privacy.${key}.hint`)}</span>
      </span>
    </label>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      className="grid grid-cols-1 gap-4"
    >
      <fieldset>
        <legend className="field-label">{t('readersUi.privacy.legend')}</legend>
        <div className="grid grid-cols-1 gap-2 md:grid-cols-3">
          {PROFILE_VISIBILITIES.map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 ${
                values.profileVisibility === value ? 'border-accent bg-accent-soft' : 'border-line'
              }`}
            >
              <input
                type="radio"
                name={`${id}-visibility`}
                value={value}
                checked={values.profileVisibility === value}
                onChange={() => setValues((current) => ({ ...current, profileVisibility: value }))}
                className="mt-1 accent-[var(--color-accent)]"
              />
              <span>
                <span className="block font-semibold">{t(`readersUi.privacy.${value}.label`)}</span>
                <span className="block text-sm text-ink-muted">{t(`readersUi.privacy.${value}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        {box('showReadingList')}
        {box('showLocation')}
        {box('reviewsPrivate')}
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('readersUi.privacy.saving') : t('readersUi.privacy.save')}
        </button>
      </div>
    </form>
  );
}
