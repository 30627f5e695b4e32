import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReadingListStatus } from '@nebab/shared';
import {
  useAddToReadingListMutation,
  useFavoriteMutation,
  useRemoveFromReadingListMutation,
  useUpdateReadingListMutation,
} from '../../api/reading-list/mutations';
import { findEntry, readingListQueryOptions } from '../../api/reading-list/queries';
import { isApiError } from '../../api/client';
import { BookmarkIcon } from '../../components/icons';
import { useAuth } from '../../features/auth/authContext';
import { useReaderAction } from '../../features/auth/useReaderAction';
import {
  canFavorite,
  FavoriteToggle,
  StatusBadge,
  StatusSelect,
} from '../../features/reading-list/ReadingListControls';
import { useToast } from '../../features/toast/toastContext';

/**
 * The book's place on the reader's list: Add to Reading List when absent; once added, a status badge,
 * the status select, a favourite toggle (reading or finished only) and Remove. Signed out, the spec's
 * login message shows with a link to /login.
 */
export function ReadingListButton({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const toast = useToast();
  const signedIn = status === 'signedIn';
  const list = useQuery(readingListQueryOptions(signedIn));
  const add = useAddToReadingListMutation();
  const update = useUpdateReadingListMutation();
  const favorite = useFavoriteMutation();
  const remove = useRemoveFromReadingListMutation();
  const queryClient = useQueryClient();
  const asReader = useReaderAction();
  const [askLogin, setAskLogin] = useState(false);
  const [focusStatus, setFocusStatus] = useState(false);
  // After Remove (its button gone), focus goes to Add to Reading List, which replaces the controls.
  const [focusAdd, setFocusAdd] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const entry = signedIn ? findEntry(list.data, bookId) : undefined;
  const absent = !entry;
  useEffect(() => {
    if (focusAdd && absent) addRef.current?.focus();
  }, [focusAdd, absent]);

  function fail(error: unknown) {
    toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
  }

  // A click made while the reader's session, or their list, is still loading (right after the page
  // loads) waits for them, then adds the book (or asks a visitor to log in). The button never turns
  // disabled meanwhile: a click on a disabled button would be lost.
  async function addBook() {
    try {
      // Already on the list (added in another tab): its controls show once the list has loaded.
      if (findEntry(await queryClient.ensureQueryData(readingListQueryOptions()), bookId)) {
        toast.show({ kind: 'info', message: t('book.readingList.already') });
        return;
      }
      setFocusAdd(false);
      const added = await add.mutateAsync(bookId);
      // Focus moves from the Add button (now gone) to the status select that replaced it.
      setFocusStatus(true);
      toast.show({
        kind: 'success',
        message: t('book.readingList.addedTo', { status: t(`readingListUi.status.${added.status}`) }),
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409)
        toast.show({ kind: 'info', message: t('book.readingList.already') });
      else fail(error);
    }
  }

  const onAdd = () => asReader(addBook, () => setAskLogin(true));

  function onStatus(next: ReadingListStatus) {
    update.mutate(
      { bookId, status: next },
      {
        onSuccess: () =>
          toast.show({
            kind: 'success',
            message: t('readingListUi.statusChanged', { status: t(`readingListUi.status.${next}`) }),
          }),
        onError: fail,
      },
    );
  }

  if (entry) {
    return (
      <div className="flex flex-col gap-3" data-testid="reading-list-controls">
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={entry.status} />
          <StatusSelect
            id={`reading-status-${bookId}`}
            value={entry.status}
            onChange={onStatus}
            autoFocus={focusStatus}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {canFavorite(entry.status) ? (
            <FavoriteToggle
              pressed={entry.isFavorite}
              onToggle={() => favorite.mutate({ bookId, isFavorite: !entry.isFavorite }, { onError: fail })}
            />
          ) : null}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={remove.isPending}
            onClick={() => {
              setFocusAdd(true);
              remove.mutate(bookId, {
                onSuccess: () => toast.show({ kind: 'success', message: t('readingListUi.removed') }),
                onError: fail,
              });
            }}
          >
            {t('readingListUi.remove')}
          </button>
          <Link to="/dashboard/readinglist" className="text-sm font-semibold text-accent underline">
            {t('readingListUi.open')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <button
        ref={addRef}
        type="button"
        className="btn btn-secondary"
        onClick={() => void onAdd()}
        aria-busy={add.isPending}
        disabled={add.isPending}
      >
        <BookmarkIcon className="size-4" />
        {t('book.readingList.add')}
      </button>
      {askLogin && status === 'signedOut' ? (
        <p role="alert" className="mt-2 text-sm">
          {t('book.readingList.loginFirst')}{' '}
          <Link to="/login" className="font-semibold text-accent underline">
            {t('book.readingList.logIn')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
