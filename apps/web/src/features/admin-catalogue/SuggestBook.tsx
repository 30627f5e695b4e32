import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { ModalDialog } from '../../components/ModalDialog';
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
    <>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="suggest-book"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PlusIcon className="size-4" />
        {t('adminCatalogueUi.suggest.open')}
      </button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={t('adminCatalogueUi.suggest.heading')}
        description={t('adminCatalogueUi.suggest.description')}
      >
        {open ? (
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <SuggestBookBody initialTitle={initialTitle} onDone={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </ModalDialog>
    </>
  );
}
