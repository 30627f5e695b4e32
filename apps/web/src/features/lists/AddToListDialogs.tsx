import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookListDetail } from '@nebab/shared';
import { apiRequest, isApiError } from '../../api/client';
import { useAddListBookMutation } from '../../api/lists/mutations';
import { listPath, myListsQueryOptions } from '../../api/lists/queries';
import { ModalDialog } from '../../components/ModalDialog';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../toast/toastContext';
import { ListFormDialog } from './ListFormDialog';

/** Add to list's dialogs: the reader's lists to choose from, and a new list the book goes on. */
export function AddToListDialogs({
  bookId,
  bookTitle,
  open,
  onOpenChange,
}: {
  bookId: string;
  bookTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const toast = useToast();

  const addToNew = async (list: BookListDetail) => {
    try {
      await apiRequest<BookListDetail>(`${listPath(list.id)}/books`, { method: 'POST', body: { bookId } });
      toast.show({ kind: 'success', message: t('listsUi.addedTo', { list: list.title }) });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <>
      <ModalDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('listsUi.addToListTitle', { title: bookTitle })}
        testId="add-to-list-dialog"
      >
        {open ? (
          <MyListChoices
            bookId={bookId}
            onNew={() => {
              onOpenChange(false);
              setCreating(true);
            }}
          />
        ) : null}
      </ModalDialog>
      <ListFormDialog open={creating} onOpenChange={setCreating} onSaved={(list) => void addToNew(list)} />
    </>
  );
}

function MyListChoices({ bookId, onNew }: { bookId: string; onNew: () => void }) {
  const { t } = useTranslation();
  const lists = useQuery(myListsQueryOptions());
  const items = lists.data?.items ?? [];
  return (
    <div className="grid gap-3">
      {lists.isPending ? (
        <Spinner label={t('listsUi.loading')} />
      ) : lists.isError ? (
        <p role="alert">{t('listsUi.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">{t('listsUi.noListsYet')}</p>
      ) : (
        <ul className="grid max-h-72 gap-2 overflow-y-auto">
          {items.map((list) => (
            <ListChoice key={list.id} listId={list.id} title={list.title} bookId={bookId} />
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="btn btn-secondary" onClick={onNew}>
          {t('listsUi.create')}
        </button>
      </div>
    </div>
  );
}

function ListChoice({ listId, title, bookId }: { listId: string; title: string; bookId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddListBookMutation(listId);
  const [added, setAdded] = useState(false);
  const titleId = useId();
  const onAdd = async () => {
    try {
      await add.mutateAsync(bookId);
      setAdded(true);
      toast.show({ kind: 'success', message: t('listsUi.addedTo', { list: title }) });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };
  return (
    <li className="flex items-center gap-3 rounded-lg border border-line p-3">
      <span id={titleId} className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
        {title}
      </span>
      <button
        type="button"
        className="btn btn-primary min-h-9 px-3 text-sm"
        disabled={add.isPending || added}
        aria-describedby={titleId}
        onClick={() => void onAdd()}
      >
        {added ? t('listsUi.onTheList') : t('listsUi.addHere')}
      </button>
    </li>
  );
}
