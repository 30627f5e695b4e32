import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bookReviewsQueryOptions } from '../../api/reviews/queries';
import { useAuth } from '../auth/authContext';
import { ReviewItem } from './ReviewItem';

// The form and its validation (react-hook-form, zod) load when a reader opens it, not with the book page.
const ReviewForm = lazy(async () => ({ default: (await import('./ReviewForm')).ReviewForm }));

interface ReviewsSectionProps {
  bookId: string;
  /** Whether the form is open (Write Review, `?openReview=true`). */
  formOpen: boolean;
  onFormOpenChange: (open: boolean) => void;
}

/** The book page's reviews: the form (signed in) or a login prompt, then the list. */
export function ReviewsSection({ bookId, formOpen, onFormOpenChange }: ReviewsSectionProps) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn';
  const query = useQuery(bookReviewsQueryOptions(bookId));
  const [formKey, setFormKey] = useState(0);
  const items = query.data?.items ?? [];
  const mine = user ? (items.find((item) => item.user.id === user.id) ?? null) : null;
  // The review just saved: focus moves from the closed form to it once the list shows it.
  const savedIdRef = useRef<string | null>(null);
  useEffect(() => {
    const savedId = savedIdRef.current;
    const saved = savedId ? document.getElementById(`review-${savedId}`) : null;
    if (!saved) return;
    savedIdRef.current = null;
    saved.focus();
  });

  const openEditor = () => {
    setFormKey((value) => value + 1);
    onFormOpenChange(true);
  };

  return (
    <div>
      {/* While a stored session is still being checked, the reader is neither asked to log in nor shown the form. */}
      {status === 'signedOut' ? (
        <p className="mt-3 text-sm">
          {t('reviewsUi.signInPrompt')}{' '}
          <Link to="/login" className="font-semibold text-accent underline">
            {t('reviewsUi.logIn')}
          </Link>
        </p>
      ) : signedIn && formOpen && !query.isPending ? (
        <Suspense
          fallback={
            <p className="mt-3 text-ink-muted" role="status">
              {t('reviewsUi.loading')}
            </p>
          }
        >
          <ReviewForm
            key={`${formKey}-${mine?.id ?? 'new'}`}
            bookId={bookId}
            existing={mine}
            autoFocus
            onClose={() => onFormOpenChange(false)}
            onSaved={(reviewId) => {
              savedIdRef.current = reviewId;
            }}
          />
        </Suspense>
      ) : null}
      {query.isPending ? (
        <p className="mt-3 text-ink-muted" role="status">
          {t('reviewsUi.loading')}
        </p>
      ) : query.isError ? (
        <p className="mt-3 field-error" role="alert">
          {t('reviewsUi.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('book.reviews.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {items.map((review) => (
            <ReviewItem
              key={review.id}
              bookId={bookId}
              review={review}
              signedIn={signedIn}
              isMine={review.id === mine?.id}
              onEdit={openEditor}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
