import { INTL_LOCALE, LANGUAGES, type Language } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { now } from '../../lib/time.js';
import type { MailService } from '../mail/mail.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { clubPageUrl } from './clubs.service.js';
import type { ClubTalkRepository } from './clubs.talk.repository.js';
import { meetingFilename, meetingIcs, meetingSummary } from './meeting-ics.js';

/** The pg-boss queue of reminder runs (a cron schedule queues one every 5 minutes). */
export const MEETING_REMINDERS_QUEUE = 'meeting-reminders';
export const MEETING_REMINDERS_CRON = '*/5 * * * *';
/** Members are reminded of a meeting once, when it starts within this long. */
export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000;
/**
 * Readers have no time zone on file; the mail tells the time on Ethiopia's clock, with the zone
 * written out (the attached `.ics` carries the exact instant for the reader's calendar).
 */
export const REMINDER_TIME_ZONE = 'Africa/Addis_Ababa';

export interface MeetingRemindersDeps {
  db: Db;
  talk: Pick<ClubTalkRepository, 'claimMeetingsToRemind'>;
  notifications: Pick<NotificationsService, 'notify'>;
  mail: Pick<MailService, 'send' | 'link'>;
  publicUrl: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * Whether this member wants the reminder by mail too (the in-app one follows their club switch):
   * the unsubscribe link to send with it, or undefined for no mail (email for meeting reminders not
   * `instant`, or no confirmed address).
   */
  reminderMail: (userId: string) => Promise<{ unsubscribeUrl: string } | undefined>;
}

function languageOf(value: string | null): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

/** A meeting's start as the reminder mail says it, in the reader's language. */
export function reminderWhen(startsAt: Date, language: Language): string {
  return (
    new Intl.DateTimeFormat(INTL_LOCALE[language], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: REMINDER_TIME_ZONE,
    }).format(startsAt) + ` (${zoneLabel(startsAt, language)})`
  );
}

function zoneLabel(at: Date, language: Language): string {
  const part = new Intl.DateTimeFormat(INTL_LOCALE[language], {
    timeZone: REMINDER_TIME_ZONE,
    timeZoneName: 'shortOffset',
  })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT+3';
}

/**
 * Club meetings' reminders, 24 hours before (issue 27). Every 5 minutes one node (pg-boss cron) claims
 * the meetings starting within 24 hours not reminded yet: one UPDATE sets their `reminded_at` and
 * answers them with their members, so two nodes never remind the same meeting. After that
 * transaction each member gets an in-app `meetingReminder` (through the notifications service, which
 * honours their club switch) and, when `reminderMail` says so, a `meeting-reminder` mail in
 * their language with the meeting's `.ics` attached (the mail outbox delivers it, with retries).
 * At most once: a node dying between the claim and the outbox loses that run's reminders rather
 * than sending them twice. Moving a meeting clears `reminded_at`.
 */
export function createMeetingReminders(deps: MeetingRemindersDeps) {
  const { db, talk, notifications, mail, logger, reminderMail } = deps;
  const host = new URL(deps.publicUrl).hostname;

  /** Reminds the members of every meeting due at `at`; answers how many meetings and mails. */
  async function sendMeetingReminders(at: Date): Promise<{ meetings: number; mails: number }> {
    const due = await db.transaction((tx) => talk.claimMeetingsToRemind(at, REMIND_BEFORE_MS, tx));
    let mails = 0;
    for (const { meeting, clubName, members } of due) {
      const clubUrl = clubPageUrl(deps.publicUrl, meeting.clubId);
      try {
        await notifications.notify({
          kind: 'meetingReminder',
          recipientIds: members.map((member) => member.id),
          clubId: meeting.clubId,
          data: {
            clubName,
            startsAt: meeting.startsAt.toISOString(),
            ...(meeting.title ? { title: meeting.title } : {}),
          },
          dedupeKey: `meetingReminder:${meeting.id}`,
        });
      } catch (error) {
        logger.error({ err: error, meetingId: meeting.id }, 'meeting reminders: in-app notifications failed');
      }
      for (const member of members) {
        try {
          const wanted = await reminderMail(member.id);
          if (!wanted) continue;
          const language = languageOf(member.language);
          const filename = meetingFilename(clubName, meeting.startsAt);
          const sent = await mail.send('meeting-reminder', {
            to: member.email,
            language,
            data: {
              name: member.name,
              clubName,
              title: meetingSummary(clubName, meeting.title, language),
              when: reminderWhen(meeting.startsAt, language),
              location: meeting.location ?? '',
              filename,
              link: clubUrl,
            },
            unsubscribeUrl: wanted.unsubscribeUrl,
            attachments: [
              {
                filename,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: meetingIcs({ meeting, clubName, clubUrl, host, language }),
              },
            ],
          });
          if (sent) mails += 1;
        } catch (error) {
          logger.error(
            { err: error, meetingId: meeting.id, userId: member.id },
            'meeting reminders: mail failed',
          );
        }
      }
    }
    if (due.length > 0) logger.info({ meetings: due.length, mails }, 'meeting reminders sent');
    return { meetings: due.length, mails };
  }

  return {
    sendMeetingReminders,
    /** Runs the reminders on this node's share of the every-5-minutes schedule. */
    async startWorker(jobs: JobQueue): Promise<void> {
      await jobs.work(MEETING_REMINDERS_QUEUE, async () => {
        await sendMeetingReminders(now());
      });
      await jobs.schedule(MEETING_REMINDERS_QUEUE, MEETING_REMINDERS_CRON);
    },
  };
}

export type MeetingReminders = ReturnType<typeof createMeetingReminders>;
