import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

/** `/book/:id`: one book with its details, reading options and reviews. */
export function BookPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlannedPage
      title={t('pages.book.title')}
      description={t('pages.book.description', { id })}
      back={{ to: '/books', label: t('nav.discover') }}
    />
  );
}
