import { GENRE_SLUGS } from '@nebab/shared';
import { useTranslation } from 'react-i18next';

/** The 30 genres as `<option>`s of a select, in navigation order, named in the reader's language. */
export function GenreOptions() {
  const { t } = useTranslation();
  return (
    <>
      {GENRE_SLUGS.map((slug) => (
        <option key={slug} value={slug}>
          {t(`genres.${slug}`)}
        </option>
      ))}
    </>
  );
}
