import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_CATALOG, type Club } from '@nebab/shared';
import { useJoinClubMutation, useLeaveClubMutation } from '../../api/clubs/mutations';
import { clubQueryOptions } from '../../api/clubs/queries';
import { isApiError } from '../../api/client';
import { LockIcon } from './LockIcon';
import { SettingsIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../features/auth/authContext';
import { ClubChat } from '../../features/clubs/ClubChat';
import { useToast } from '../../features/toast/toastContext';
import { ClubCover } from './ClubCover';
import { ClubSettingsDialog } from './ClubSettingsDialog';
import { ClubSidePanel } from './ClubSidePanel';
import { MembershipBadge } from './MembershipBadge';

/**
 * The selected club: its header with Join / Leave / Open Chat, the chat, and the side panel.
 * `focusChat` (a club just created) puts focus on Open Chat once the club shows.
 */
export function ClubMain({ clubId, focusChat = false }: { clubId: string; focusChat?: boolean }) {
  const { t } = useTranslation();
  const club = useQuery(clubQueryOptions(clubId));

  if (club.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('clubsUi.loadingClub')} />
      </div>
    );
  }
  if (club.isError) {
    const missing = isApiError(club.error) && club.error.status === 404;
    return (
      <div role="alert" className="card grid justify-items-start gap-3 p-6">
        <p>{missing ? t('clubsUi.notFound') : club.error.message}</p>
        {missing ? null : (
          <button type="button" className="btn btn-secondary" onClick={() => void club.refetch()}>
            {t('clubsUi.retry')}
          </button>
        )}
      </div>
    );
  }
  return <ClubView club={club.data} focusChat={focusChat} />;
}

function ClubView({ club, focusChat }: { club: Club; focusChat: boolean }) {
  const { t, i18n } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const id = useId();
  const [chatOpen, setChatOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const chatButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusChat) chatButtonRef.current?.focus();
  }, [focusChat]);
  const isMember = club.membership === 'member' || club.membership === 'moderator';
  const isModerator = club.membership === 'moderator';
  const lang = i18n.language === 'am' ? 'am' : 'en';
  const number = new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US');

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_15rem]">
      <div className="grid grid-cols-1 min-w-0 content-start gap-6">
        <article aria-labelledby={`${id}-name`} className="card p-5" data-testid="club-detail">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <ClubCover src={club.coverImage} className="size-20" />
            <div className="min-w-0 flex-1">
              <h2 id={`${id}-name`} className="text-2xl font-semibold [overflow-wrap:anywhere]">
                {club.name}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                <span className="inline-flex items-center gap-1">
                  {club.visibility === 'private' ? <LockIcon className="size-4" /> : null}
                  {t(`clubsUi.visibility.${club.visibility}`)}
                </span>
                {club.genre_focus ? <span>{GENRE_CATALOG[club.genre_focus].name[lang]}</span> : null}
                {club.member_count !== null ? (
                  <span data-testid="club-member-count">
                    {t('clubsUi.members', {
                      count: club.member_count,
                      formatted: number.format(club.member_count),
                    })}
                  </span>
                ) : null}
                <MembershipBadge membership={club.membership} />
              </p>
            </div>
          </div>

          {club.restricted ? (
            <p className="mt-4 text-ink-muted">{t('clubsUi.restricted')}</p>
          ) : club.description ? (
            <p className="mt-4 whitespace-pre-wrap [overflow-wrap:anywhere]">{club.description}</p>
          ) : null}

          <div className="mt-5 flex flex-wrap gap-2">
            {signedIn ? (
              <MembershipActions club={club} />
            ) : (
              <Link to="/login" className="btn btn-primary">
                {t('clubsUi.logInToJoin')}
              </Link>
            )}
            {!club.restricted ? (
              <button
                ref={chatButtonRef}
                type="button"
                className="btn btn-secondary"
                disabled={!isMember}
                aria-describedby={isMember ? undefined : `${id}-chat-hint`}
                aria-expanded={chatOpen}
                onClick={() => setChatOpen((open) => !open)}
              >
                {chatOpen ? t('clubsUi.chat.close') : t('clubsUi.openChat')}
              </button>
            ) : null}
            {isModerator ? (
              <button type="button" className="btn btn-secondary" onClick={() => setSettingsOpen(true)}>
                <SettingsIcon className="size-5" />
                {t('clubsUi.settings.open')}
              </button>
            ) : null}
          </div>
          {!isMember && !club.restricted ? (
            <p id={`${id}-chat-hint`} className="mt-2 text-sm text-ink-muted">
              {t('clubsUi.chatMembersOnly')}
            </p>
          ) : null}
        </article>

        {chatOpen && isMember ? (
          <ClubChat key={club.id} clubId={club.id} clubName={club.name} autoFocus />
        ) : null}
      </div>

      {club.restricted ? null : <ClubSidePanel club={club} />}

      {isModerator ? (
        <ClubSettingsDialog club={club} open={settingsOpen} onOpenChange={setSettingsOpen} />
      ) : null}
    </div>
  );
}

/** Join Club → Joined (disabled) + Leave; private clubs: Request to join → Request pending + Withdraw. */
function MembershipActions({ club }: { club: Club }) {
  const { t } = useTranslation();
  const toast = useToast();
  const join = useJoinClubMutation(club.id);
  const leave = useLeaveClubMutation(club.id);
  const busy = join.isPending || leave.isPending;

  const doJoin = async () => {
    try {
      const updated = await join.mutateAsync();
      toast.show({
        kind: 'success',
        message:
          updated.membership === 'pending'
            ? t('clubsUi.requested')
            : t('clubsUi.joined', { name: club.name }),
      });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  const doLeave = async () => {
    try {
      await leave.mutateAsync();
      toast.show({
        kind: 'success',
        message:
          club.membership === 'pending' ? t('clubsUi.withdrawn') : t('clubsUi.left', { name: club.name }),
      });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  if (club.membership === 'none') {
    return (
      <button type="button" className="btn btn-primary" onClick={() => void doJoin()} disabled={busy}>
        {club.visibility === 'private' ? t('clubsUi.requestToJoin') : t('clubsUi.join')}
      </button>
    );
  }
  if (club.membership === 'pending') {
    return (
      <>
        <button type="button" className="btn btn-primary" disabled>
          {t('clubsUi.pending')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void doLeave()} disabled={busy}>
          {t('clubsUi.withdraw')}
        </button>
      </>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-primary" disabled>
        {t('clubsUi.joinedButton')}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => void doLeave()} disabled={busy}>
        {t('clubsUi.leave')}
      </button>
    </>
  );
}
