import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/community/bookclub` (also `/community/bookClub`): book clubs. */
export function BookClubsPage() {
  const { t } = useTranslation();
  return <PlannedPage title={t('pages.bookClubs.title')} description={t('pages.bookClubs.description')} />;
}
