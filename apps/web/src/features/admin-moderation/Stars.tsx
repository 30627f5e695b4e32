import { useTranslation } from 'react-i18next';

/** A 1–5 rating as stars, announced as "Rated n out of 5". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('adminPeopleUi.reviews.rating', { rating })} className="text-gold">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(Math.max(0, 5 - rating))}
      </span>
    </span>
  );
}
