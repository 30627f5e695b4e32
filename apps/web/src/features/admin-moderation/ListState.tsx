import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';

interface ListStateProps {
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** Loading spinner, error with Retry, empty text, or the list. */
export function ListState({ pending, error, onRetry, empty, emptyText, children }: ListStateProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('adminPeopleUi.loading')} />
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 p-6">
        <p>{error.message || t('adminPeopleUi.loadError')}</p>
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('adminPeopleUi.retry')}
        </button>
      </div>
    );
  }
  if (empty) {
    return (
      <p className="card p-6 text-ink-muted" data-testid="admin-list-empty">
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}
