import { useTranslation } from 'react-i18next';
import { PlannedPage } from '../../components/PlannedPage';

/** `/authors`: authors in the catalogue. */
export function AuthorsPage() {
  const { t } = useTranslation();
  return <PlannedPage title={t('pages.authors.title')} description={t('pages.authors.description')} />;
}
