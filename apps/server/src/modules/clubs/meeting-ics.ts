import ical, { ICalCalendarMethod } from 'ical-generator';
import { translateWith, type Language } from '@nebab/shared';
import type { ClubMeetingRow } from '../../db/schema/index.js';

/** A meeting has no end time of its own: calendars get this long a slot. */
export const MEETING_LENGTH_MS = 2 * 60 * 60 * 1000;

export interface MeetingCalendarInput {
  meeting: Pick<ClubMeetingRow, 'id' | 'startsAt' | 'title' | 'location' | 'createdAt' | 'updatedAt'>;
  clubName: string;
  /** The club's page, absolute (`https://…/community/bookclub?club=…`). */
  clubUrl: string;
  /** The site's host: the UID's right-hand side (`<meeting id>@<host>`). */
  host: string;
  language: Language;
}

/** The meeting's title as calendars show it: the club's name and the meeting's title (or "Meeting"). */
export function meetingSummary(clubName: string, title: string | null, language: Language): string {
  return translateWith('clubs.calendar.summary', language, {
    club: clubName,
    title: title ?? translateWith('clubs.calendar.meetingDefaultTitle', language),
  });
}

/** The `.ics` file's name: the club's name made safe for a header and a file system. */
export function meetingFilename(clubName: string, startsAt: Date): string {
  const base =
    clubName
      .normalize('NFKD')
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'meeting';
  return `${base}-${startsAt.toISOString().slice(0, 10)}.ics`;
}

/**
 * One meeting as an iCalendar file (RFC 5545, through `ical-generator`): a VEVENT whose UID is the
 * same for the meeting whatever its moves (SEQUENCE grows with each), DTSTART/DTEND in UTC, the
 * summary and description in the reader's language, URL the club's page, LOCATION the place or link.
 */
export function meetingIcs(input: MeetingCalendarInput): string {
  const { meeting, clubName, clubUrl, host, language } = input;
  const calendar = ical({
    prodId: { company: 'Nebab', product: 'book-clubs', language: language.toUpperCase() },
    name: translateWith('clubs.calendar.calendarName', language),
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${meeting.id}@${host}`,
    sequence: Math.max(0, Math.floor((meeting.updatedAt.getTime() - meeting.createdAt.getTime()) / 1000)),
    stamp: meeting.updatedAt,
    start: meeting.startsAt,
    end: new Date(meeting.startsAt.getTime() + MEETING_LENGTH_MS),
    summary: meetingSummary(clubName, meeting.title, language),
    description: translateWith('clubs.calendar.description', language, { club: clubName, link: clubUrl }),
    location: meeting.location ?? null,
    url: clubUrl,
  });
  return calendar.toString();
}
