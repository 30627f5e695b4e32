import {
  EMAIL_NOTIFICATION_KINDS,
  INTL_LOCALE,
  notificationLink,
  translateWith,
  type EmailNotificationKind,
  type Language,
  type NotificationData,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { now } from '../../lib/time.js';
import type { MailService } from '../mail/mail.service.js';
import type { MailReader, NotificationMailRepository } from './notifications.mail-repository.js';
import type { CreatedNotification } from './notifications.service.js';

/** The pg-boss queue of the daily digest run (scheduled; any node takes it). */
export const DIGEST_QUEUE = 'notification-digest';
/** Every day at 06:00 UTC (09:00 in Addis Ababa). */
export const DIGEST_CRON = '0 6 * * *';
/** A digest is due again this long after the last one (a second run the same day sends nothing). */
const DIGEST_GAP_MS = 20 * 60 * 60 * 1000;
/** A reader's first digest covers the day before the run. */
const FIRST_DIGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Lines in one digest; the rest is "and N more". */
export const DIGEST_MAX_LINES = 20;
/** Meetings are told in Ethiopia's time. */
const TIME_ZONE = 'Africa/Addis_Ababa';

export interface NotificationMailDeps {
  db: Db;
  repo: NotificationMailRepository;
  mail: Pick<MailService, 'send' | 'prepare' | 'link'>;
  logger: Pick<Logger, 'error' | 'info'>;
}

/** What a notification says, in the reader's language. */
interface Described {
  title: string;
  message: string;
  link: string;
}

/** A notification as the mail module needs it (a stored one, or a digest line). */
interface Told {
  kind: EmailNotificationKind;
  actorId: string | null;
  actorName: string | null;
  bookId: string | null;
  reviewId: string | null;
  clubId: string | null;
  data: NotificationData;
}

/**
 * Notification mail (issue 27): a mail at once for the kinds a reader set to `instant`, one daily
 * digest for those set to `digest`, and the one-click unsubscribe every such mail carries. Only an
 * active account with a confirmed address is mailed.
 */
export function createNotificationMail({ db, repo, mail, logger }: NotificationMailDeps) {
  function describe(told: Told, language: Language): Described {
    const key = `notificationMail.kinds.${told.kind}`;
    const date = told.data.startsAt
      ? new Intl.DateTimeFormat(INTL_LOCALE[language], {
          dateStyle: 'full',
          timeStyle: 'short',
          timeZone: TIME_ZONE,
        }).format(new Date(told.data.startsAt))
      : '';
    const params = {
      actor: told.actorName ?? translateWith('notificationMail.someone', language),
      book: told.data.bookTitle ?? '',
      club: told.data.clubName ?? '',
      reason: told.data.reason ?? '',
      title: told.data.title ?? '',
      date,
      sender: told.data.senderName ?? '',
      email: told.data.senderEmail ?? '',
      subject: told.data.subject ?? '',
    };
    const path =
      told.kind === 'meetingReminder'
        ? told.clubId
          ? `/community/bookclub?club=${encodeURIComponent(told.clubId)}`
          : '/community/bookclub'
        : notificationLink({
            kind: told.kind,
            bookId: told.bookId,
            reviewId: told.reviewId,
            clubId: told.clubId,
            actor: told.actorId ? { id: told.actorId } : null,
          });
    return {
      title: translateWith(`${key}.title`, language),
      message: translateWith(`${key}.message`, language, params),
      link: mail.link(path),
    };
  }

  const unsubscribeUrl = async (userId: string) =>
    mail.link('/notifications/unsubscribe', { token: await repo.tokenFor(userId) });
  const settingsLink = () => mail.link('/dashboard/settings', { section: 'preferences' });

  /** Mails one stored notification at once when its reader chose `instant` for its kind. */
  async function instant(created: CreatedNotification): Promise<void> {
    const { notification, actor } = created.stored;
    const kind = notification.kind as EmailNotificationKind;
    try {
      const choices = await repo.choices(created.recipientId);
      // A meeting reminder is mailed by the clubs module itself, with the meeting's `.ics`.
      if (choices.email[kind] !== 'instant' || kind === 'meetingReminder') return;
      const reader = await repo.mailReader(created.recipientId);
      if (!reader) return;
      const described = describe(
        {
          kind,
          actorId: actor?.id ?? null,
          actorName: actor?.name ?? null,
          bookId: notification.bookId,
          reviewId: notification.reviewId,
          clubId: notification.clubId,
          data: notification.data,
        },
        reader.language,
      );
      await mail.send('notification', {
        to: reader.email,
        language: reader.language,
        data: {
          name: reader.name,
          ...described,
          excerpt: notification.data.excerpt ?? '',
          settingsLink: settingsLink(),
        },
        unsubscribeUrl: await unsubscribeUrl(reader.id),
      });
    } catch (error) {
      logger.error({ err: error, notificationId: notification.id }, 'notification mail failed');
    }
  }

  /** One reader's digest at `at`; true when a mail was stored. */
  async function digestOf(reader: MailReader, at: Date): Promise<boolean> {
    const choices = await repo.choices(reader.id);
    const kinds = EMAIL_NOTIFICATION_KINDS.filter((kind) => choices.email[kind] === 'digest');
    const token = await repo.tokenFor(reader.id);
    const previous = await repo.lastDigestAt(reader.id);
    if (previous && at.getTime() - previous.getTime() < DIGEST_GAP_MS) return false;
    const since = previous ?? new Date(at.getTime() - FIRST_DIGEST_WINDOW_MS);
    const items = await repo.digestItems(reader.id, kinds, since, at);
    const number = new Intl.NumberFormat(INTL_LOCALE[reader.language]);

    const groups = new Map<EmailNotificationKind, { title: string; count: number; lines: Described[] }>();
    let shown = 0;
    for (const item of items) {
      const described = describe(item, reader.language);
      const group = groups.get(item.kind) ?? { title: described.title, count: 0, lines: [] };
      group.count += 1;
      if (shown < DIGEST_MAX_LINES) {
        group.lines.push(described);
        shown += 1;
      }
      if (group.lines.length > 0) groups.set(item.kind, group);
    }
    const more = items.length - shown;

    let queue: (() => Promise<void>) | null = null;
    // The claim and the mail in one transaction: a node that claimed first makes this one send nothing.
    await db.transaction(async (tx) => {
      if (!(await repo.claimDigest(tx, reader.id, previous, at))) return;
      if (items.length === 0) return;
      queue = await mail.prepare(
        'notification-digest',
        {
          to: reader.email,
          language: reader.language,
          data: {
            name: reader.name,
            total: number.format(items.length),
            groups: [...groups.values()].map((group) => ({
              title: group.title,
              count: number.format(group.count),
              lines: group.lines.map(({ message, link }) => ({ text: message, link })),
            })),
            more:
              more > 0
                ? translateWith('notificationMail.more', reader.language, { count: number.format(more) })
                : '',
            notificationsLink: mail.link('/dashboard/notifications'),
            settingsLink: settingsLink(),
          },
          unsubscribeUrl: mail.link('/notifications/unsubscribe', { token }),
        },
        tx,
      );
    });
    if (!queue) return false;
    await (queue as () => Promise<void>)();
    return true;
  }

  /**
   * Sends the daily digests due at `at` (the job passes `now()`, tests a clock of their own): one
   * mail per reader with what happened since their last digest, for the kinds set to `digest`;
   * nothing for a reader with nothing new, or whose last digest is less than 20 hours old.
   * Answers how many were sent. `stopping` (the job queue's) ends the run early with a throw, so
   * pg-boss retries the job and the retry sends the rest.
   */
  async function sendDigests(at: Date, stopping: () => boolean = () => false): Promise<number> {
    const candidates = await repo.digestCandidates(
      at,
      new Date(at.getTime() - FIRST_DIGEST_WINDOW_MS),
      new Date(at.getTime() - DIGEST_GAP_MS),
    );
    let sent = 0;
    for (const userId of candidates) {
      // A node going down stops between readers; the job's retry sends the rest (claims skip the sent).
      if (stopping()) throw new Error('notification digest: stopped; the rest is left to the retry');
      try {
        const reader = await repo.mailReader(userId);
        if (reader && (await digestOf(reader, at))) sent += 1;
      } catch (error) {
        logger.error({ err: error, userId }, 'notification digest failed');
      }
    }
    if (sent > 0) logger.info({ sent }, 'notification digests sent');
    return sent;
  }

  return {
    instant,
    sendDigests,

    /**
     * Where to mail `userId` about notifications, and the unsubscribe link to pass as
     * `unsubscribeUrl`; undefined when the account is not active or its address is not confirmed.
     * For other modules' notification mail (the clubs' meeting reminders), with `emailChoice`.
     */
    async recipient(userId: string): Promise<(MailReader & { unsubscribeUrl: string }) | undefined> {
      const reader = await repo.mailReader(userId);
      return reader ? { ...reader, unsubscribeUrl: await unsubscribeUrl(userId) } : undefined;
    },

    /** The unsubscribe link (one-click): turns every kind's email off; 400 for an unknown token. */
    async unsubscribe(token: string): Promise<void> {
      const userId = await repo.userOfToken(token);
      if (!userId) throw new ValidationError({ token: 'validation.linkInvalid' }, 'validation.linkInvalid');
      await repo.turnEmailOff(userId);
    },

    /** Runs the digest job on this node and schedules it daily (once for all nodes, by pg-boss). */
    async startWorker(jobs: JobQueue): Promise<void> {
      await jobs.work(DIGEST_QUEUE, async () => {
        await sendDigests(now(), () => jobs.stopping());
      });
      await jobs.schedule(DIGEST_QUEUE, DIGEST_CRON, { expireInSeconds: 30 * 60 });
    },
  };
}

export type NotificationMail = ReturnType<typeof createNotificationMail>;
