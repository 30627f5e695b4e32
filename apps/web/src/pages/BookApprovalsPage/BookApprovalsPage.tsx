import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/book-approvals`: books waiting for approval. */
export function BookApprovalsPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.bookApprovals.title')}
      description={t('pages.bookApprovals.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}
