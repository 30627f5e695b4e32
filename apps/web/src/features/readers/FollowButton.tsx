import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowState, ProfileVisibility } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useFollowMutation, useUnfollowMutation } from '../../api/readers/mutations';
import { useAuth } from '../auth/authContext';
import { useToast } from '../toast/toastContext';

interface FollowButtonProps {
  readerId: string;
  name: string;
  follow: FollowState;
  /** Followers-only profiles are asked, not followed at once. */
  visibility: ProfileVisibility;
  size?: 'default' | 'small';
}

/**
 * Follow / Ask to follow / Following / Requested. Pressing Following unfollows; pressing Requested
 * withdraws the request (each says so in its accessible name). Visitors get a link to log in.
 */
export function FollowButton({ readerId, name, follow, visibility, size = 'default' }: FollowButtonProps) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const toast = useToast();
  const followMutation = useFollowMutation();
  const unfollowMutation = useUnfollowMutation();
  const busy = followMutation.isPending || unfollowMutation.isPending;
  const sizeClass = size === 'small' ? 'min-h-9 px-3 text-sm' : '';

  if (status !== 'signedIn') {
    return (
      <Link to="/login" className={`btn btn-primary ${sizeClass}`}>
        {t('readersUi.loginToFollow')}
      </Link>
    );
  }
  if (user?.id === readerId) return null;

  const fail = (error: unknown) =>
    toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });

  const onClick = async () => {
    try {
      if (follow === 'none') {
        const result = await followMutation.mutateAsync(readerId);
        toast.show({
          kind: 'success',
          message:
            result.state === 'following'
              ? t('readersUi.followed', { name })
              : t('readersUi.requestSent', { name }),
        });
      } else {
        await unfollowMutation.mutateAsync(readerId);
        toast.show({
          kind: 'info',
          message:
            follow === 'following' ? t('readersUi.unfollowed', { name }) : t('readersUi.requestWithdrawn'),
        });
      }
    } catch (error) {
      fail(error);
    }
  };

  if (follow === 'none') {
    return (
      <button
        type="button"
        className={`btn btn-primary ${sizeClass}`}
        disabled={busy}
        onClick={() => void onClick()}
      >
        {visibility === 'followers' ? t('readersUi.askToFollow') : t('readersUi.follow')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-secondary ${sizeClass}`}
      disabled={busy}
      aria-label={
        follow === 'following'
          ? t('readersUi.unfollowLabel', { name })
          : t('readersUi.cancelRequestLabel', { name })
      }
      onClick={() => void onClick()}
    >
      {follow === 'following' ? t('readersUi.following') : t('readersUi.requested')}
    </button>
  );
}
