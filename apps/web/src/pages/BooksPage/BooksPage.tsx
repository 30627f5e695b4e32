import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { GenreLinkGrid } from '../../components/GenreLinkGrid';

/** `/books`: the Discover entry of the navigation bar; starts from the genres. */
export function BooksPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.books.title')} description={t('pages.books.description')}>
      <h2 id="books-genres" className="mb-4 text-2xl font-semibold">
        {t('pages.books.byGenre')}
      </h2>
      <GenreLinkGrid labelledBy="books-genres" />
    </PageFrame>
  );
}
