import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_GENRE, isGenreSlug } from '@nebab/shared';
import { PlannedPage } from '../../components/PlannedPage';

/** `/discover?genre={slug}`: one genre's page; without a valid genre it shows the default (biography). */
export function GenrePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('genre') ?? '';
  const slug = isGenreSlug(requested) ? requested : DEFAULT_GENRE;
  const genre = t(`genres.${slug}`);
  return (
    <PlannedPage
      title={genre}
      description={t('pages.genre.description', { genre })}
      eyebrow={t('pages.genre.eyebrow')}
      back={{ to: '/genres', label: t('pages.genres.title') }}
    />
  );
}
