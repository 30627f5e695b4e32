import { useQuery } from '@tanstack/react-query';
import {
  SUGGESTION_LIMITS,
  SUGGESTION_STATUSES,
  type BookSuggestion,
  type SuggestionStatus,
} from '@nebab/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDecideSuggestionMutation } from '../../api/admin-catalogue/mutations';
import { ReaderBooksPanel } from '../../features/library/ReaderBooksPanel';
import { adminSuggestionsQueryOptions } from '../../api/admin-catalogue/queries';
import { CloseIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { AdminListActions } from '../../components/AdminPageActions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../features/toast/toastContext';
import { useFormatDate } from '../../i18n/useFormatDate';

function RejectDialog({ suggestion, onClose }: { suggestion: BookSuggestion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideSuggestionMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  function submit() {
    if (!suggestion) return;
    if (!reason.trim()) {
      setError(t('adminCatalogue.rejectReasonRequired'));
      return;
    }
    decide.mutate(
      { id: suggestion.id, decision: 'reject', reason: reason.trim() },
      {
        onSuccess: () => {
          toast.show({
            kind: 'success',
            message: t('adminCatalogueUi.approvals.rejected', { title: suggestion.title }),
          });
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Dialog.Root open={Boolean(suggestion)} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold [overflow-wrap:anywhere]">
              {t('adminCatalogueUi.approvals.rejectTitle', { title: suggestion?.title ?? '' })}
            </Dialog.Title>
            <Dialog.Close
              className="icon-button -m-1 size-9 shrink-0"
              aria-label={t('adminCatalogueUi.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {t('adminCatalogueUi.approvals.rejectBody')}
          </Dialog.Description>
          <form
            noValidate
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={id} className="field-label">
              {t('adminCatalogueUi.approvals.reason')}
            </label>
            <textarea
              id={id}
              className="input min-h-24"
              maxLength={SUGGESTION_LIMITS.reasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn btn-secondary">{t('adminCatalogueUi.cancel')}</Dialog.Close>
              <button
                type="submit"
                className="btn border border-danger bg-danger text-paper hover:opacity-90"
                disabled={decide.isPending}
                aria-busy={decide.isPending || undefined}
              >
                {t('adminCatalogueUi.approvals.reject')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SuggestionCard({
  suggestion,
  onApprove,
  onReject,
}: {
  suggestion: BookSuggestion;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="card flex flex-col gap-3 p-5" data-testid="suggestion-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{suggestion.title}</h2>
          <p className="text-ink-muted [overflow-wrap:anywhere]">{suggestion.author}</p>
        </div>
        <span className="text-sm text-ink-muted">{formatDate(suggestion.createdAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t('adminCatalogueUi.approvals.language')}</dt>
        <dd>{suggestion.language}</dd>
        {suggestion.isbn ? (
          <>
            <dt className="text-ink-muted">{t('common.isbn')}</dt>
            <dd className="font-mono">{suggestion.isbn}</dd>
          </>
        ) : null}
        {suggestion.suggestedBy ? (
          <>
            <dt className="text-ink-muted">{t('adminCatalogueUi.approvals.suggestedBy')}</dt>
            <dd className="[overflow-wrap:anywhere]">{suggestion.suggestedBy.fullName}</dd>
          </>
        ) : null}
        {suggestion.note ? (
          <>
            <dt className="text-ink-muted">{t('adminCatalogueUi.approvals.note')}</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{suggestion.note}</dd>
          </>
        ) : null}
        {suggestion.rejectReason ? (
          <>
            <dt className="text-ink-muted">{t('adminCatalogueUi.approvals.reason')}</dt>
            <dd className="[overflow-wrap:anywhere]">{suggestion.rejectReason}</dd>
          </>
        ) : null}
      </dl>
      {suggestion.status === 'pending' ? (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn btn-primary" onClick={onApprove}>
            {t('adminCatalogueUi.approvals.approve')}
          </button>
          <button
            type="button"
            className="btn border border-danger text-danger hover:bg-danger-soft"
            onClick={onReject}
          >
            {t('adminCatalogueUi.approvals.reject')}
          </button>
        </div>
      ) : suggestion.bookId ? (
        <div className="flex flex-wrap gap-3">
          <Link to={`/book/${encodeURIComponent(suggestion.bookId)}`} className="btn btn-secondary">
            {t('adminCatalogueUi.approvals.viewBook')}
          </Link>
          <Link
            to={`/admin/books/edit/${encodeURIComponent(suggestion.bookId)}`}
            className="btn btn-secondary"
          >
            {t('adminCatalogueUi.approvals.editBook')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/**
 * `/admin/book-approvals`: readers' book suggestions to approve (a new catalogue book) or reject, and
 * the books readers added themselves (by hand or by an import) to check, correct or merge.
 */
export function BookApprovalsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<'suggestions' | 'readerBooks'>('suggestions');
  return (
    <PageFrame
      title={t('pages.bookApprovals.title')}
      description={t('adminCatalogueUi.approvals.subtitle')}
      eyebrow={t('admin.eyebrow')}
    >
      <div
        role="group"
        aria-label={t('libraryUi.approvals.views')}
        className="mb-6 flex flex-wrap gap-2 border-b border-line pb-4"
      >
        {(['suggestions', 'readerBooks'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="chip"
            data-selected={view === value}
            aria-pressed={view === value}
            onClick={() => setView(value)}
          >
            {t(`libraryUi.approvals.tabs.${value}`)}
          </button>
        ))}
      </div>
      {view === 'suggestions' ? <SuggestionsPanel /> : <ReaderBooksPanel />}
    </PageFrame>
  );
}

/** The readers' suggestions, by status. */
function SuggestionsPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const [status, setStatus] = useState<SuggestionStatus>('pending');
  const list = useQuery(adminSuggestionsQueryOptions(status));
  const decide = useDecideSuggestionMutation();
  const [approving, setApproving] = useState<BookSuggestion | null>(null);
  const [rejecting, setRejecting] = useState<BookSuggestion | null>(null);

  return (
    <>
      <div className="mb-4 flex justify-end">
        <AdminListActions onRefresh={() => void list.refetch()} busy={list.isFetching} />
      </div>
      <div
        role="group"
        aria-label={t('adminCatalogueUi.approvals.filter')}
        className="mb-6 flex flex-wrap gap-2"
      >
        {SUGGESTION_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            className="chip"
            data-selected={status === value}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`adminCatalogueUi.approvals.tabs.${value}`)}
          </button>
        ))}
      </div>

      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : list.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-danger">{list.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            {t('adminCatalogueUi.retry')}
          </button>
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="card p-6 text-center text-ink-muted">
          {t(`adminCatalogueUi.approvals.empty.${status}`)}
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {list.data.items.map((suggestion) => (
            <SuggestionCard
              key={suggestion.id}
              suggestion={suggestion}
              onApprove={() => setApproving(suggestion)}
              onReject={() => setRejecting(suggestion)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={Boolean(approving)}
        onOpenChange={(open) => {
          if (!open) setApproving(null);
        }}
        title={t('adminCatalogueUi.approvals.approveTitle')}
        description={t('adminCatalogueUi.approvals.approveBody', {
          title: approving?.title ?? '',
          author: approving?.author ?? '',
        })}
        confirmLabel={t('adminCatalogueUi.approvals.approve')}
        pending={decide.isPending}
        onConfirm={() => {
          if (!approving) return;
          const target = approving;
          decide.mutate(
            { id: target.id, decision: 'approve' },
            {
              onSuccess: () => {
                setApproving(null);
                toast.show({
                  kind: 'success',
                  message: t('adminCatalogueUi.approvals.approved', { title: target.title }),
                });
              },
              onError: (error) => toast.show({ kind: 'error', message: error.message }),
            },
          );
        }}
      />
      <RejectDialog suggestion={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
