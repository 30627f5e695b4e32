import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/dashboard/readinglist` (also `/dashboard/reading-list`): the reader's reading list. */
export function ReadingListPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.readingList.title')}
      description={t('pages.readingList.description')}
      back={{ to: '/dashboard', label: t('dashboard.back') }}
    />
  );
}
