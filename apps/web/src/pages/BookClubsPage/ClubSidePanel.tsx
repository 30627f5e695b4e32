import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Club, ClubBook } from '@nebab/shared';
import {
  useDecideRequestMutation,
  useRemoveMemberMutation,
  useSetMemberRoleMutation,
} from '../../api/clubs/mutations';
import { clubMembersQueryOptions, clubRequestsQueryOptions } from '../../api/clubs/queries';
import { isApiError } from '../../api/client';
import { BookCover } from '../../components/BookCover';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useClubMembersLive } from '../../features/clubs/useClubMembersLive';
import { useAuth } from '../../features/auth/authContext';
import { useToast } from '../../features/toast/toastContext';
import { useFormatDate } from '../../i18n/useFormatDate';

/** The side panel: current book, next book, next meeting, members with roles, pending requests (moderators). */
export function ClubSidePanel({ club }: { club: Club }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const id = useId();
  const isModerator = club.membership === 'moderator';

  return (
    <aside
      aria-label={t('clubsUi.sidePanel')}
      className="grid grid-cols-1 content-start gap-4"
      data-testid="club-side-panel"
    >
      <section aria-labelledby={`${id}-current`} className="card p-4" data-testid="club-current-book">
        <h3 id={`${id}-current`} className="mb-3 text-base font-semibold">
          {t('clubsUi.currentBook')}
        </h3>
        <ClubBookLine book={club.currentBook} empty={t('clubsUi.noCurrentBook')} />
      </section>
      <section aria-labelledby={`${id}-next`} className="card p-4" data-testid="club-next-book">
        <h3 id={`${id}-next`} className="mb-3 text-base font-semibold">
          {t('clubsUi.nextBook')}
        </h3>
        <ClubBookLine book={club.nextBook} empty={t('clubsUi.noNextBook')} />
      </section>
      <section aria-labelledby={`${id}-meeting`} className="card p-4" data-testid="club-next-meeting">
        <h3 id={`${id}-meeting`} className="mb-2 text-base font-semibold">
          {t('clubsUi.nextMeeting')}
        </h3>
        {club.nextMeeting ? (
          <div className="text-sm">
            <p className="font-semibold">
              <time dateTime={club.nextMeeting.startsAt}>
                {formatDate(club.nextMeeting.startsAt, { dateStyle: 'full', timeStyle: 'short' })}
              </time>
            </p>
            {club.nextMeeting.title ? (
              <p className="mt-1 [overflow-wrap:anywhere]">{club.nextMeeting.title}</p>
            ) : null}
            {club.nextMeeting.location ? (
              <p className="mt-1 text-ink-muted [overflow-wrap:anywhere]">{club.nextMeeting.location}</p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-ink-muted">{t('clubsUi.noMeeting')}</p>
        )}
      </section>
      {isModerator ? <JoinRequests clubId={club.id} /> : null}
      <Members clubId={club.id} isModerator={isModerator} />
    </aside>
  );
}

function ClubBookLine({ book, empty }: { book: ClubBook | null; empty: string }) {
  if (!book) return <p className="text-sm text-ink-muted">{empty}</p>;
  return (
    <Link
      to={`/book/${encodeURIComponent(book.id)}`}
      className="group flex items-start gap-3 rounded-lg text-ink no-underline"
    >
      <BookCover title={book.title} author={book.author} candidates={[book.coverImage]} size="xs" />
      <span className="min-w-0">
        <span className="block font-semibold text-accent group-hover:underline [overflow-wrap:anywhere]">
          {book.title}
        </span>
        {book.author ? <span className="block text-sm text-ink-muted">{book.author}</span> : null}
      </span>
    </Link>
  );
}

function Members({ clubId, isModerator }: { clubId: string; isModerator: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const toast = useToast();
  const id = useId();
  const members = useQuery(clubMembersQueryOptions(clubId, true));
  // Someone joining (or asking to, or leaving) shows here at once.
  useClubMembersLive(clubId);
  const setRole = useSetMemberRoleMutation(clubId);
  const remove = useRemoveMemberMutation(clubId);
  const busy = setRole.isPending || remove.isPending;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.show({ kind: 'success', message: done });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <section aria-labelledby={`${id}-members`} className="card p-4" data-testid="club-members">
      <h3 id={`${id}-members`} className="mb-3 text-base font-semibold">
        {t('clubsUi.memberList')}
      </h3>
      {members.isPending ? (
        <Spinner label={t('clubsUi.loadingMembers')} className="size-6" />
      ) : members.isError ? (
        <p role="alert" className="field-error">
          {members.error.message}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {members.data.items.map((member) => {
            const manage = isModerator && member.id !== user?.id;
            return (
              <li key={member.id} className="grid grid-cols-1 gap-1">
                <div className="flex items-center gap-2">
                  <UserAvatar name={member.name} pictureUrl={member.profile_picture} size={28} />
                  <span className="min-w-0 flex-1 truncate text-sm">{member.name}</span>
                  {member.role === 'moderator' ? (
                    <span className="rounded-full border border-accent px-2 py-0.5 text-xs font-semibold text-accent">
                      {t('clubsUi.role.moderator')}
                    </span>
                  ) : (
                    <span className="text-xs text-ink-muted">{t('clubsUi.role.member')}</span>
                  )}
                </div>
                {manage ? (
                  <div className="flex flex-wrap gap-x-3 pl-9 text-xs">
                    <button
                      type="button"
                      className="min-h-6 font-semibold text-accent underline-offset-2 hover:underline disabled:opacity-60"
                      disabled={busy}
                      aria-label={
                        member.role === 'moderator'
                          ? t('clubsUi.manage.makeMemberLabel', { name: member.name })
                          : t('clubsUi.manage.makeModeratorLabel', { name: member.name })
                      }
                      onClick={() =>
                        void run(
                          () =>
                            setRole.mutateAsync({
                              userId: member.id,
                              role: member.role === 'moderator' ? 'member' : 'moderator',
                            }),
                          member.role === 'moderator'
                            ? t('clubsUi.manage.madeMember', { name: member.name })
                            : t('clubsUi.manage.madeModerator', { name: member.name }),
                        )
                      }
                    >
                      {member.role === 'moderator'
                        ? t('clubsUi.manage.makeMember')
                        : t('clubsUi.manage.makeModerator')}
                    </button>
                    {member.role === 'member' ? (
                      <button
                        type="button"
                        className="min-h-6 font-semibold text-danger underline-offset-2 hover:underline disabled:opacity-60"
                        disabled={busy}
                        aria-label={t('clubsUi.manage.removeLabel', { name: member.name })}
                        onClick={() => {
                          if (!window.confirm(t('clubsUi.manage.confirmRemove', { name: member.name })))
                            return;
                          void run(
                            () => remove.mutateAsync(member.id),
                            t('clubsUi.manage.removed', { name: member.name }),
                          );
                        }}
                      >
                        {t('clubsUi.manage.remove')}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function JoinRequests({ clubId }: { clubId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatDate = useFormatDate();
  const id = useId();
  const requests = useQuery(clubRequestsQueryOptions(clubId, true));
  const decide = useDecideRequestMutation(clubId);

  const answer = async (userId: string, name: string, decision: 'approve' | 'decline') => {
    try {
      await decide.mutateAsync({ userId, decision });
      toast.show({
        kind: 'success',
        message:
          decision === 'approve'
            ? t('clubsUi.requests.approved', { name })
            : t('clubsUi.requests.declined', { name }),
      });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <section aria-labelledby={`${id}-requests`} className="card p-4" data-testid="club-requests">
      <h3 id={`${id}-requests`} className="mb-3 text-base font-semibold">
        {t('clubsUi.requests.title')}
      </h3>
      {requests.isPending ? (
        <Spinner label={t('clubsUi.loading')} className="size-6" />
      ) : requests.isError ? (
        <p role="alert" className="field-error">
          {requests.error.message}
        </p>
      ) : requests.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('clubsUi.requests.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {requests.data.items.map((request) => (
            <li key={request.user.id} className="grid grid-cols-1 gap-2">
              <p className="flex items-center gap-2 text-sm">
                <UserAvatar name={request.user.name} pictureUrl={request.user.profile_picture} size={28} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{request.user.name}</span>
                  <time dateTime={request.requested_at} className="block text-xs text-ink-muted">
                    {formatDate(request.requested_at)}
                  </time>
                </span>
              </p>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-primary min-h-9 px-3 text-sm"
                  disabled={decide.isPending}
                  aria-label={t('clubsUi.requests.approveLabel', { name: request.user.name })}
                  onClick={() => void answer(request.user.id, request.user.name, 'approve')}
                >
                  {t('clubsUi.requests.approve')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary min-h-9 px-3 text-sm"
                  disabled={decide.isPending}
                  aria-label={t('clubsUi.requests.declineLabel', { name: request.user.name })}
                  onClick={() => void answer(request.user.id, request.user.name, 'decline')}
                >
                  {t('clubsUi.requests.decline')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
