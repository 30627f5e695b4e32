import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS, AVATAR_MIME_TYPES, type User } from '@nebab/shared';
import { useRemoveAvatarMutation, useUploadAvatarMutation } from '../../api/account/mutations';
import { isApiError } from '../../api/client';
import { UserAvatar } from '../../components/UserAvatar';
import { useToast } from '../toast/toastContext';
import { SettingsCard } from './SettingsCard';

/** Spec §2 Personal: upload (jpeg, png or webp, at most 2 MB), replace or remove the profile picture. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadAvatarMutation();
  const remove = useRemoveAvatarMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) {
      setError(t('settingsUi.avatar.wrongType'));
      return;
    }
    if (file.size > ACCOUNT_LIMITS.avatarMaxBytes) {
      setError(t('settingsUi.avatar.tooLarge'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.show({ kind: 'success', message: t('settingsUi.avatar.uploaded') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast.show({ kind: 'success', message: t('settingsUi.avatar.removed') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  return (
    <SettingsCard title={t('settingsUi.avatar.title')} description={t('settingsUi.avatar.description')}>
      <div className="flex flex-wrap items-center gap-5">
        <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={96} />
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-3">
            <label
              className={`btn btn-primary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--color-focus)] ${busy ? 'pointer-events-none opacity-60' : ''}`}
            >
              {upload.isPending
                ? t('settingsUi.avatar.uploading')
                : user.profile_picture
                  ? t('settingsUi.avatar.replace')
                  : t('settingsUi.avatar.upload')}
              <input
                type="file"
                accept={AVATAR_MIME_TYPES.join(',')}
                className="sr-only"
                disabled={busy}
                onChange={(event) => void onFile(event)}
                data-testid="avatar-input"
              />
            </label>
            {user.profile_picture ? (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => void onRemove()}
              >
                {remove.isPending ? t('settingsUi.avatar.removing') : t('settingsUi.avatar.remove')}
              </button>
            ) : null}
          </div>
          <p className="text-sm text-ink-muted">{t('settingsUi.avatar.rules')}</p>
          {error ? (
            <p role="alert" className="field-error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </SettingsCard>
  );
}
