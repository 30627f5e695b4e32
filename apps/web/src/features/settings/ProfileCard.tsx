import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_LIMITS,
  profileUpdateSchema,
  todayIso,
  type ProfileUpdate,
  type ProfileUpdateInput,
  type User,
} from '@nebab/shared';
import { useUpdateProfileMutation } from '../../api/account/mutations';
import { TextField } from '../../components/FormField';
import { useFormatDate } from '../../i18n/useFormatDate';
import { translateMessage } from '../../i18n/messages';
import { applyServerErrors } from '../auth/applyServerErrors';
import { useToast } from '../toast/toastContext';
import { Detail, SettingsCard } from './SettingsCard';

const FIELDS = ['name', 'birthDate', 'location'] as const;

/** Spec §2 Personal: the profile in view mode, toggling to an edit form (spec §4). */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const notSet = <span className="text-ink-muted">{t('settingsUi.profile.notSet')}</span>;

  return (
    <SettingsCard
      title={t('settingsUi.profile.title')}
      description={t('settingsUi.profile.description')}
      actions={
        editing ? null : (
          <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
            {t('settingsUi.profile.edit')}
          </button>
        )
      }
    >
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <dl className="flex flex-col gap-3">
          <Detail term={t('settingsUi.profile.name')} value={user.name} />
          <Detail term={t('settingsUi.profile.email')} value={user.email} />
          <Detail
            term={t('settingsUi.profile.birthDate')}
            value={
              user.birth_date
                ? formatDate(`${user.birth_date}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' })
                : notSet
            }
          />
          <Detail term={t('settingsUi.profile.location')} value={user.location ?? notSet} />
          <Detail
            term={t('settingsUi.profile.joined')}
            value={formatDate(user.created_at, { dateStyle: 'long' })}
          />
        </dl>
      )}
    </SettingsCard>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateProfileMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: user.name, birthDate: user.birth_date ?? '', location: user.location ?? '' },
  });

  const onSubmit = async (values: ProfileUpdate) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      toast.show({ kind: 'success', message: t('settingsUi.profile.saved') });
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      {formError ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <TextField
        label={t('settingsUi.profile.name')}
        autoComplete="name"
        error={translateMessage(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('settingsUi.profile.birthDate')}
        type="date"
        min={ACCOUNT_LIMITS.birthDateMin}
        max={todayIso()}
        autoComplete="bday"
        error={translateMessage(errors.birthDate?.message)}
        {...register('birthDate')}
      />
      <TextField
        label={t('settingsUi.profile.location')}
        autoComplete="address-level2"
        maxLength={ACCOUNT_LIMITS.locationMax}
        error={translateMessage(errors.location?.message)}
        {...register('location')}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('settingsUi.saving') : t('settingsUi.profile.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          {t('settingsUi.cancel')}
        </button>
      </div>
    </form>
  );
}
