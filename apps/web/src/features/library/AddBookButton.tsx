import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import { ModalDialog } from '../../components/ModalDialog';
import { Spinner } from '../../components/Spinner';
import { AuthContext } from '../auth/authContext';

const AddBookBody = lazy(() => import('./AddBookBody'));

/**
 * "Add this book": a signed-in reader who cannot find a book adds it (title, authors, ISBN, year,
 * pages, language, cover optional); it is in the catalogue and in search at once, marked as added by a
 * reader, and admins check it in Book Approvals. Nothing for signed-out visitors (the suggestion
 * button beside it asks them to log in).
 */
export function AddBookButton({ initialTitle = '' }: { initialTitle?: string }) {
  const { t } = useTranslation();
  const status = useContext(AuthContext)?.status ?? 'signedOut';
  const [open, setOpen] = useState(false);
  if (status !== 'signedIn') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        data-testid="add-book"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PlusIcon className="size-4" />
        {t('libraryUi.addBook.open')}
      </button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={t('libraryUi.addBook.heading')}
        description={t('libraryUi.addBook.description')}
      >
        {open ? (
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <AddBookBody initialTitle={initialTitle} />
          </Suspense>
        ) : null}
      </ModalDialog>
    </>
  );
}
