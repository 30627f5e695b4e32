import { Dialog } from 'radix-ui';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { AuthContext } from '../auth/authContext';

const SuggestBookBody = lazy(() => import('./SuggestBookBody'));

/**
 * "Suggest a book": readers propose a missing book (title, author, optional ISBN, language, note) and
 * see their earlier suggestions; admins decide on /admin/book-approvals. Signed-out visitors get a
 * link to log in.
 */
export function SuggestBookButton({ initialTitle = '' }: { initialTitle?: string }) {
  const { t } = useTranslation();
  // Read directly (not useAuth) so pages rendered without the session provider show the login hint.
  const status = useContext(AuthContext)?.status ?? 'signedOut';
  const [open, setOpen] = useState(false);

  if (status !== 'signedIn') {
    return (
      <p className="text-sm text-ink-muted">
        {t('adminCatalogueUi.suggest.missing')}{' '}
        <Link to="/login">{t('adminCatalogueUi.suggest.loginToSuggest')}</Link>
      </p>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-secondary" data-testid="suggest-book">
        <PlusIcon className="size-4" />
        {t('adminCatalogueUi.suggest.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-left text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">
              {t('adminCatalogueUi.suggest.heading')}
            </Dialog.Title>
            <Dialog.Close
              className="icon-button -m-1 size-9 shrink-0"
              aria-label={t('adminCatalogueUi.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {t('adminCatalogueUi.suggest.description')}
          </Dialog.Description>
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <SuggestBookBody initialTitle={initialTitle} onDone={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
