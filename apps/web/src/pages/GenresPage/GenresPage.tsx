import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { GenreLinkGrid } from '../../components/GenreLinkGrid';

/** `/genres`: every genre of the catalogue. */
export function GenresPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.genres.title')} description={t('pages.genres.description')}>
      <h2 id="all-genres" className="sr-only">
        {t('pages.genres.title')}
      </h2>
      <GenreLinkGrid labelledBy="all-genres" />
    </PageFrame>
  );
}
