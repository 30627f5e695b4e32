import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notificationQueryOptions } from '../../api/notifications/queries';
import { isApiError } from '../../api/client';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { NotificationDetail } from '../../features/notifications/NotificationDetail';

const LIST_PATH = '/admin/dashboard/notification';

/** `/admin/dashboard/notification/detail?id=…`: one notification with its actions. */
export function NotificationDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const notification = useQuery({ ...notificationQueryOptions(id), enabled: id !== '', retry: false });

  return (
    <PageFrame
      title={t('pages.notificationDetail.title')}
      eyebrow={t('admin.eyebrow')}
      actions={
        <Link to={LIST_PATH} className="btn btn-secondary">
          {t('notificationsUi.backToList')}
        </Link>
      }
    >
      {id === '' ? (
        <p className="card p-8 text-center text-ink-muted">{t('notificationsUi.pickOne')}</p>
      ) : notification.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('notificationsUi.loading')} />
        </div>
      ) : notification.isError ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-6">
          <p>
            {isApiError(notification.error) && notification.error.status === 404
              ? t('notificationsUi.notFound')
              : notification.error.message || t('notificationsUi.error')}
          </p>
          <Link to={LIST_PATH} className="btn btn-secondary">
            {t('notificationsUi.backToList')}
          </Link>
        </div>
      ) : (
        <NotificationDetail
          notification={notification.data}
          variant="page"
          onDeleted={() => void navigate(LIST_PATH)}
        />
      )}
    </PageFrame>
  );
}
