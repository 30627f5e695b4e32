import { useTranslation } from 'react-i18next';
import { BackToDashboard } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { AddEthiopianBookForm } from '../../features/upload/AddEthiopianBookForm';

/** `/upload/book` (admin): quick book add, the Add Ethiopian Book form of spec §2. */
export function UploadBookPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.uploadBook.title')}
      description={t('pages.uploadBook.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<BackToDashboard />}
    >
      <div className="max-w-3xl">
        <AddEthiopianBookForm />
      </div>
    </PageFrame>
  );
}
