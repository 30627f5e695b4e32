import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/books/edit/:bookId`: edit one book of the catalogue. */
export function EditBookPage() {
  const { t } = useTranslation();
  const { bookId = '' } = useParams();
  return (
    <PlannedPage
      title={t('pages.editBook.title')}
      description={t('pages.editBook.description', { id: bookId })}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard/managebook', label: t('pages.manageBooks.title') }}
    />
  );
}
