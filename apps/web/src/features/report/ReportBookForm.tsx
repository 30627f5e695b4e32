import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FlagIcon } from '../../components/icons';
import { useAuth } from '../auth/authContext';

const ReportBookFormBody = lazy(async () => ({
  default: (await import('./ReportBookFormBody')).ReportBookFormBody,
}));

/** Spec §4/§5: the report-book form; opens and closes, a non-blank reason is required. */
export function ReportBookForm({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <div>
      <button
        type="button"
        className="btn btn-ghost min-h-10 px-3 text-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FlagIcon className="size-4" />
        {t('report.button')}
      </button>
      {open ? (
        <div id={panelId} className="card mt-3 p-4">
          {status === 'signedIn' ? (
            <Suspense fallback={<p className="text-sm text-ink-muted">{t('app.loading')}</p>}>
              <ReportBookFormBody bookId={bookId} onClose={() => setOpen(false)} />
            </Suspense>
          ) : (
            <p className="text-sm">
              {t('report.signInFirst')}{' '}
              <Link to="/login" className="font-semibold text-accent underline">
                {t('report.logIn')}
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
