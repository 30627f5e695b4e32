import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListIcon } from '../../components/icons';
import { useAuth } from '../auth/authContext';

/** The dialogs (the reader's lists, the new-list form) load when a reader first opens them. */
const AddToListDialogs = lazy(async () => ({
  default: (await import('./AddToListDialogs')).AddToListDialogs,
}));

/** Book page: "Add to list" opens the reader's lists (and New list); nothing for visitors. */
export function AddToListButton({ bookId, bookTitle }: { bookId: string; bookTitle: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (status !== 'signedIn') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <ListIcon className="size-4" />
        {t('listsUi.addToList')}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <AddToListDialogs bookId={bookId} bookTitle={bookTitle} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
