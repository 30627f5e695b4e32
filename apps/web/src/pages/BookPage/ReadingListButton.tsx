import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddToReadingListMutation } from '../../api/books/mutations';
import { isApiError } from '../../api/client';
import { BookmarkIcon } from '../../components/icons';
import { useAuth } from '../../features/auth/authContext';
import { useToast } from '../../features/toast/toastContext';

/**
 * Add to Reading List. The reading-list API arrives in a later issue: signed out, the spec's login
 * message shows; signed in, POST /api/reading-list is tried and a missing endpoint (404/405) says
 * 'coming soon' instead of pretending it worked.
 */
export function ReadingListButton({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const toast = useToast();
  const mutation = useAddToReadingListMutation();
  const [askLogin, setAskLogin] = useState(false);

  async function add() {
    if (status !== 'signedIn') {
      setAskLogin(true);
      return;
    }
    try {
      await mutation.mutateAsync(bookId);
      toast.show({ kind: 'success', message: t('book.readingList.added') });
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 405))
        toast.show({ kind: 'info', message: t('book.readingList.comingSoon') });
      else if (isApiError(error) && error.status === 409)
        toast.show({ kind: 'info', message: t('book.readingList.already') });
      else toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  }

  return (
    <div>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void add()}
        disabled={mutation.isPending}
      >
        <BookmarkIcon className="size-4" />
        {t('book.readingList.add')}
      </button>
      {askLogin ? (
        <p role="alert" className="mt-2 text-sm">
          {t('book.readingList.loginFirst')}{' '}
          <Link to="/login" className="font-semibold text-accent underline">
            {t('book.readingList.logIn')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
