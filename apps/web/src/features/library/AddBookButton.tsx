import { Dialog } from 'radix-ui';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../../components/icons';
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-primary" data-testid="add-book">
        <PlusIcon className="size-4" />
        {t('libraryUi.addBook.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-left text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">{t('libraryUi.addBook.heading')}</Dialog.Title>
            <Dialog.Close
              className="icon-button -m-1 size-9 shrink-0"
              aria-label={t('adminCatalogueUi.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {t('libraryUi.addBook.description')}
          </Dialog.Description>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <AddBookBody initialTitle={initialTitle} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
