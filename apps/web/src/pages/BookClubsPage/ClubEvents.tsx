import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubMeeting, ClubMeetingList, ClubMeetingsQuery } from '@nebab/shared';
import {
  clubMeetingsQueryOptions,
  clubQueryOptions,
  myClubEventsQueryOptions,
} from '../../api/clubs/queries';
import { downloadExport } from '../../api/imports/mutations';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../features/auth/authContext';
import { useFormatDate } from '../../i18n/useFormatDate';
import { ClubPicker } from './ClubPicker';

interface ClubEventsProps {
  clubId: string | null;
  /** '' means every club of the reader. */
  onSelectClub: (id: string) => void;
}

/** The Events tab: meetings of the chosen club (or of all the reader's clubs), upcoming and past. */
export function ClubEvents({ clubId, onSelectClub }: ClubEventsProps) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'signedIn';
  const club = useQuery({ ...clubQueryOptions(clubId ?? ''), enabled: !!clubId });

  let body;
  if (!clubId) {
    body = signedIn ? (
      <>
        <MeetingList when="upcoming" clubId={null} showClub />
        <MeetingList when="past" clubId={null} showClub />
      </>
    ) : (
      <p className="card p-6 text-ink-muted">{t('clubsUi.events.chooseClub')}</p>
    );
  } else if (club.isPending) {
    body = <Spinner label={t('clubsUi.loadingClub')} />;
  } else if (club.isError) {
    body = (
      <p role="alert" className="card p-6">
        {club.error.message}
      </p>
    );
  } else if (club.data.restricted) {
    body = <p className="card p-6 text-ink-muted">{t('clubsUi.events.membersOnly')}</p>;
  } else {
    body = (
      <>
        <MeetingList when="upcoming" clubId={clubId} showClub={false} />
        <MeetingList when="past" clubId={clubId} showClub={false} />
      </>
    );
  }

  return (
    <div data-testid="club-events">
      <ClubPicker
        clubId={clubId}
        onChange={onSelectClub}
        allLabel={signedIn ? t('clubsUi.events.allClubs') : undefined}
      />
      <div className="grid grid-cols-1 gap-8">{body}</div>
    </div>
  );
}

function MeetingList(props: { when: ClubMeetingsQuery['when']; clubId: string | null; showClub: boolean }) {
  return props.clubId ? (
    <ClubMeetingList {...props} clubId={props.clubId} />
  ) : (
    <MyMeetingList when={props.when} showClub={props.showClub} />
  );
}

function ClubMeetingList({
  when,
  clubId,
  showClub,
}: {
  when: ClubMeetingsQuery['when'];
  clubId: string;
  showClub: boolean;
}) {
  const meetings = useQuery(clubMeetingsQueryOptions(clubId, when, true));
  return <MeetingSection when={when} meetings={meetings} showClub={showClub} />;
}

function MyMeetingList({ when, showClub }: { when: ClubMeetingsQuery['when']; showClub: boolean }) {
  const meetings = useQuery(myClubEventsQueryOptions(when, true));
  return <MeetingSection when={when} meetings={meetings} showClub={showClub} />;
}

function MeetingSection({
  when,
  meetings,
  showClub,
}: {
  when: ClubMeetingsQuery['when'];
  meetings: UseQueryResult<ClubMeetingList>;
  showClub: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`club-events-${when}`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {t(`clubsUi.events.${when}`)}
      </h2>
      {meetings.isPending ? (
        <Spinner label={t('clubsUi.events.loading')} className="size-6" />
      ) : meetings.isError ? (
        <p role="alert" className="field-error">
          {meetings.error.message}
        </p>
      ) : meetings.data.items.length === 0 ? (
        <p className="text-ink-muted">{t(`clubsUi.events.${when}Empty`)}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {meetings.data.items.map((meeting) => (
            <li key={meeting.id}>
              <MeetingCard meeting={meeting} showClub={showClub} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MeetingCard({ meeting, showClub }: { meeting: ClubMeeting; showClub: boolean }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <div className="card p-4">
      <p className="font-semibold">
        <time dateTime={meeting.startsAt}>
          {formatDate(meeting.startsAt, { dateStyle: 'full', timeStyle: 'short' })}
        </time>
      </p>
      <p className="mt-1 [overflow-wrap:anywhere]">{meeting.title || t('clubsUi.events.untitled')}</p>
      {meeting.location ? (
        <p className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]">{meeting.location}</p>
      ) : null}
      {showClub ? <p className="mt-2 text-sm font-semibold text-accent">{meeting.clubName}</p> : null}
      <AddToCalendar meeting={meeting} />
    </div>
  );
}

/** Downloads the meeting's `.ics` (with the reader's token: a private club's meetings need it). */
function AddToCalendar({ meeting }: { meeting: ClubMeeting }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const date = formatDate(meeting.startsAt, { dateStyle: 'full', timeStyle: 'short' });
  async function download() {
    setState('busy');
    try {
      await downloadExport(
        `/api/clubs/${encodeURIComponent(meeting.clubId)}/meetings/${encodeURIComponent(meeting.id)}/ics`,
        `meeting-${meeting.startsAt.slice(0, 10)}.ics`,
      );
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn-secondary text-sm"
        aria-label={t('clubsUi.events.addToCalendarLabel', { date })}
        disabled={state === 'busy'}
        onClick={() => void download()}
        data-testid="add-to-calendar"
      >
        {t('clubsUi.events.addToCalendar')}
      </button>
      {state === 'failed' ? (
        <p role="alert" className="field-error mt-1">
          {t('clubsUi.events.addToCalendarError')}
        </p>
      ) : null}
    </div>
  );
}
