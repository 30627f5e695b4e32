import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlannedPage } from '../../components/PlannedPage';

/** `/search?q=…`: search results with filters. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  return (
    <PlannedPage
      title={t('pages.search.title')}
      description={query ? t('pages.search.descriptionWithQuery', { query }) : t('pages.search.description')}
      back={{ to: '/books', label: t('nav.discover') }}
    />
  );
}
