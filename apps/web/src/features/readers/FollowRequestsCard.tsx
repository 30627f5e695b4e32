import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowRequest } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useDecideFollowRequestMutation } from '../../api/readers/mutations';
import { followRequestsQueryOptions } from '../../api/readers/queries';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { SettingsCard } from '../settings/SettingsCard';
import { useToast } from '../toast/toastContext';

/** Settings › Privacy: readers asking to follow (followers-only profiles), each approved or declined. */
export function FollowRequestsCard() {
  const { t } = useTranslation();
  const requests = useQuery(followRequestsQueryOptions());
  const items = requests.data?.items ?? [];
  return (
    <SettingsCard title={t('readersUi.requests.title')} description={t('readersUi.requests.description')}>
      {requests.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : requests.isError ? (
        <p role="alert" className="text-danger">
          {requests.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">{t('readersUi.requests.empty')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="follow-requests">
          {items.map((request) => (
            <RequestRow key={request.user.id} request={request} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function RequestRow({ request }: { request: FollowRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatDate = useFormatDate();
  const decide = useDecideFollowRequestMutation();
  const { user } = request;

  const run = async (decision: 'approve' | 'decline') => {
    try {
      await decide.mutateAsync({ userId: user.id, decision });
      toast.show({
        kind: 'success',
        message:
          decision === 'approve'
            ? t('readersUi.requests.approved', { name: user.name })
            : t('readersUi.requests.declined'),
      });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={40} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/reader/${encodeURIComponent(user.id)}`}
          className="font-semibold [overflow-wrap:anywhere]"
        >
          {user.name}
        </Link>
        <p className="text-sm text-ink-muted">
          {t('readersUi.requests.askedOn', { date: formatDate(request.requested_at) })}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-9 px-3 text-sm"
          aria-label={t('readersUi.requests.approveLabel', { name: user.name })}
          disabled={decide.isPending}
          onClick={() => void run('approve')}
        >
          {t('readersUi.requests.approve')}
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-9 px-3 text-sm"
          aria-label={t('readersUi.requests.declineLabel', { name: user.name })}
          disabled={decide.isPending}
          onClick={() => void run('decline')}
        >
          {t('readersUi.requests.decline')}
        </button>
      </div>
    </li>
  );
}
