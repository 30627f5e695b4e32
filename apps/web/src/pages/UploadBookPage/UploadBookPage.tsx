import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/upload/book`: quick book add (Add Ethiopian Book form). */
export function UploadBookPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.uploadBook.title')}
      description={t('pages.uploadBook.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
    />
  );
}
