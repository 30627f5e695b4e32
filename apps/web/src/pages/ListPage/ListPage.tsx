import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { GENRE_CATALOG, isGenreSlug, type BookListDetail, type BookListItem } from '@nebab/shared';
import { isApiError } from '../../api/client';
import {
  useAddListBookMutation,
  useDeleteListMutation,
  useMoveListBookMutation,
  useRemoveListBookMutation,
  useVoteMutation,
} from '../../api/lists/mutations';
import { listQueryOptions } from '../../api/lists/queries';
import { Badge } from '../../components/Badge';
import { BookCover } from '../../components/BookCover';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ArrowDownIcon, ArrowUpIcon, CheckIcon, TrashIcon, VoteIcon } from '../../components/icons';
import { ModalDialog } from '../../components/ModalDialog';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuth } from '../../features/auth/authContext';
import { ListFormDialog } from '../../features/lists/ListFormDialog';
import { BookPicker } from '../../features/search/BookPicker';
import { useToast } from '../../features/toast/toastContext';

/**
 * `/list/{id}`: a reader's book list in rank order. Open lists: every signed-in reader votes books up
 * (the order follows the votes) and adds books; curated lists: the owner adds and orders them. The
 * owner edits and deletes the list; whoever added a book may take it off.
 */
export function ListPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const list = useQuery({ ...listQueryOptions(id), retry: false });

  if (list.isPending)
    return (
      <div className="page-container flex justify-center py-24">
        <Spinner label={t('listsUi.loading')} />
      </div>
    );
  if (list.isError) {
    if (isApiError(list.error) && (list.error.status === 404 || list.error.status === 400))
      return <ListUnavailable />;
    return (
      <div className="page-container py-16">
        <div role="alert" className="card flex flex-wrap items-center gap-4 p-6">
          <p>{t('listsUi.loadError')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            {t('listsUi.retry')}
          </button>
        </div>
      </div>
    );
  }
  return <ListView list={list.data} />;
}

function ListUnavailable() {
  const { t } = useTranslation();
  usePageTitle(t('listsUi.notFoundTitle'));
  return (
    <div className="page-container flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">{t('listsUi.notFoundTitle')}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-muted">{t('listsUi.notFoundBody')}</p>
      <Link to="/" className="btn btn-primary mt-8">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

function ListView({ list }: { list: BookListDetail }) {
  const { t, i18n } = useTranslation();
  const { status, user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  const number = new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US');
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const add = useAddListBookMutation(list.id);
  const remove = useDeleteListMutation(list.id);
  usePageTitle(list.title);

  const fail = (error: unknown) =>
    toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });

  const onAdd = async (bookId: string, title: string) => {
    try {
      await add.mutateAsync(bookId);
      setAdding(false);
      toast.show({ kind: 'success', message: t('listsUi.added', { book: title }) });
    } catch (error) {
      fail(error);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      toast.show({ kind: 'success', message: t('listsUi.deleted') });
      void navigate('/dashboard/lists');
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="page-container py-10 sm:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl min-w-0">
          <p className="mb-2 text-sm font-semibold tracking-wide text-ink-muted uppercase">
            {t('listsUi.eyebrow')}
          </p>
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl">{list.title}</h1>
          {list.description ? (
            <p className="mt-3 text-lg whitespace-pre-line text-ink-muted [overflow-wrap:anywhere]">
              {list.description}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-ink-muted [overflow-wrap:anywhere]">
            <Link to={`/reader/${encodeURIComponent(list.owner.id)}`} className="font-semibold">
              {t('listsUi.by', { name: list.owner.name })}
            </Link>{' '}
            · {t('listsUi.books', { count: list.itemCount, formatted: number.format(list.itemCount) })} ·{' '}
            {t('listsUi.votes', { count: list.voteCount, formatted: number.format(list.voteCount) })}
          </p>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <Badge>{t(`listsUi.mode.${list.mode}`)}</Badge>
            {list.visibility === 'private' ? (
              <Badge tone="accent">{t('listsUi.visibility.private')}</Badge>
            ) : null}
            {list.genre && isGenreSlug(list.genre) ? (
              <Link to={`/genre/${list.genre}/lists`} className="no-underline">
                <Badge>{t('listsUi.genreLabel', { genre: GENRE_CATALOG[list.genre].name[lang] })}</Badge>
              </Link>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {list.can.addBooks ? (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t('listsUi.addBook')}
            </button>
          ) : null}
          {list.can.edit ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
                {t('listsUi.edit')}
              </button>
              <button type="button" className="btn btn-ghost text-danger" onClick={() => setDeleting(true)}>
                {t('listsUi.delete')}
              </button>
            </>
          ) : null}
          {status !== 'signedIn' ? (
            <Link to="/login" className="btn btn-primary">
              {t('listsUi.loginToVote')}
            </Link>
          ) : null}
        </div>
      </header>

      {list.items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('listsUi.empty')}</p>
      ) : (
        <ol className="grid gap-3" aria-label={t('listsUi.itemsLabel')} data-testid="list-items">
          {list.items.map((item) => (
            <ItemRow key={item.book.id} list={list} item={item} userId={user?.id ?? null} />
          ))}
        </ol>
      )}

      {list.can.edit ? <ListFormDialog open={editing} onOpenChange={setEditing} list={list} /> : null}
      <ModalDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('listsUi.addBookTitle', { title: list.title })}
        testId="add-book-dialog"
      >
        <BookPicker
          confirmLabel={t('listsUi.addConfirm')}
          busy={add.isPending}
          onConfirm={(book) => void onAdd(book.id, book.title)}
        />
      </ModalDialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('listsUi.deleteTitle', { title: list.title })}
        description={t('listsUi.deleteDescription')}
        confirmLabel={t('listsUi.delete')}
        onConfirm={() => void onDelete()}
        pending={remove.isPending}
        tone="danger"
      />
    </div>
  );
}

function ItemRow({
  list,
  item,
  userId,
}: {
  list: BookListDetail;
  item: BookListItem;
  userId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const vote = useVoteMutation(list.id);
  const move = useMoveListBookMutation(list.id);
  const remove = useRemoveListBookMutation(list.id);
  const { book } = item;
  const titleId = useId();
  const canRemove = list.can.edit || (userId !== null && item.addedBy?.id === userId);
  const canMove = list.can.edit && list.mode === 'curated';

  const fail = (error: unknown) =>
    toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
  const run = (action: () => Promise<unknown>) => {
    action().catch(fail);
  };

  return (
    <li
      className="card grid grid-cols-[2rem_auto_minmax(0,1fr)] items-center gap-3 p-3 sm:grid-cols-[2rem_auto_minmax(0,1fr)_auto] sm:gap-4 sm:p-4"
      data-testid="list-item"
    >
      <span
        className="w-8 shrink-0 text-center font-display text-2xl font-semibold text-accent"
        aria-hidden="true"
      >
        {number.format(item.rank)}
      </span>
      <span className="sr-only">{t('listsUi.rank', { rank: number.format(item.rank) })}</span>
      <BookCover title={book.title} author={book.author} candidates={book.coverCandidates} size="sm" />
      <div className="min-w-0">
        <Link
          id={titleId}
          to={`/book/${encodeURIComponent(book.id)}`}
          className="font-semibold [overflow-wrap:anywhere]"
        >
          {book.title}
        </Link>
        <p className="text-sm text-ink-muted">{book.author ?? t('books.unknownAuthor')}</p>
        {item.addedBy && list.mode === 'open' ? (
          <p className="text-xs text-ink-muted [overflow-wrap:anywhere]">
            {t('listsUi.addedBy', { name: item.addedBy.name })}
          </p>
        ) : null}
      </div>
      <div className="col-span-3 flex flex-wrap items-center justify-end gap-2 sm:col-span-1">
        {list.mode === 'open' ? (
          <>
            <span className="text-sm text-ink-muted" data-testid="vote-count">
              {t('listsUi.votes', { count: item.votes, formatted: number.format(item.votes) })}
            </span>
            {list.can.vote ? (
              <button
                type="button"
                className={`btn min-h-10 px-3 text-sm ${item.voted ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={item.voted}
                aria-describedby={titleId}
                disabled={vote.isPending}
                onClick={() => run(() => vote.mutateAsync({ bookId: book.id, value: item.voted ? 0 : 1 }))}
                data-testid="vote-button"
              >
                {item.voted ? <CheckIcon className="size-4" /> : <VoteIcon className="size-4" />}
                {t('listsUi.vote')}
              </button>
            ) : null}
          </>
        ) : null}
        {canMove ? (
          <>
            <button
              type="button"
              className="icon-button size-10"
              aria-label={t('listsUi.moveUpLabel', { book: book.title })}
              disabled={item.rank === 1 || move.isPending}
              onClick={() => run(() => move.mutateAsync({ bookId: book.id, position: item.rank - 1 }))}
            >
              <ArrowUpIcon className="size-5" />
            </button>
            <button
              type="button"
              className="icon-button size-10"
              aria-label={t('listsUi.moveDownLabel', { book: book.title })}
              disabled={item.rank === list.items.length || move.isPending}
              onClick={() => run(() => move.mutateAsync({ bookId: book.id, position: item.rank + 1 }))}
            >
              <ArrowDownIcon className="size-5" />
            </button>
          </>
        ) : null}
        {canRemove ? (
          <button
            type="button"
            className="icon-button size-10 text-danger"
            aria-label={t('listsUi.removeLabel', { book: book.title })}
            disabled={remove.isPending}
            onClick={() =>
              run(async () => {
                await remove.mutateAsync(book.id);
                toast.show({ kind: 'info', message: t('listsUi.removed', { book: book.title }) });
              })
            }
          >
            <TrashIcon className="size-5" />
          </button>
        ) : null}
      </div>
    </li>
  );
}
