import {
  NOTIFICATION_CHOICE_OF_KIND,
  NOTIFICATION_LIMITS,
  type EmailChoice,
  type EmailNotificationKind,
  type NotificationChoicesPatch,
  type NotificationData,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationStatus,
} from '@nebab/shared';
import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { BooksService } from '../books/books.service.js';
import type { Actor } from '../../lib/actor.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import type { NotificationsRepository, NotificationWithActor } from './notifications.repository.js';

/** What to tell, to whom; the actor never hears of their own doing. */
export interface NotifyInput {
  kind: NotificationKind;
  recipientIds: readonly string[];
  actorId?: string | null;
  bookId?: string | null;
  reviewId?: string | null;
  clubId?: string | null;
  data?: NotificationData;
  /** One row per recipient and key: a repeat refreshes the row instead of adding one. */
  dedupeKey?: string;
}

/** A stored notification, handed to `onCreated` listeners with the recipient's new unread count. */
export interface CreatedNotification {
  recipientId: string;
  stored: NotificationWithActor;
  unreadCount: number;
}

type CreatedListener = (created: CreatedNotification) => void;
/** The recipient changed their notifications (read, unread, deleted) and now has `unreadCount`. */
type ChangedListener = (change: { recipientId: string; unreadCount: number }) => void;

export interface NotificationsServiceDeps {
  notifications: NotificationsRepository;
  /** The books module: the title a notification about a book quotes (inactive books too). */
  books: Pick<BooksService, 'cards'>;
  logger: Pick<Logger, 'error'>;
  /** Readers who blocked each other never hear of each other (answered by the readers module). */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>;
  /** Notification mail: mails each stored notification whose reader chose `instant` (awaited, never throws). */
  mailer?: { instant(created: CreatedNotification): Promise<void> };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTIFICATION_LIMITS.excerptMax
    ? `${flat.slice(0, NOTIFICATION_LIMITS.excerptMax - 1)}…`
    : flat;
}

export function createNotificationsService({
  notifications,
  books,
  logger,
  visibility,
  mailer,
}: NotificationsServiceDeps) {
  const titleOf = async (bookId: string): Promise<string | undefined> =>
    (await books.cards([bookId], { fields: ['title'], includeInactive: true }))[0]?.title;

  const createdListeners = new Set<CreatedListener>();
  const changedListeners = new Set<ChangedListener>();

  /** Tells the `onChanged` listeners the recipient's new unread count. */
  async function changed(recipientId: string): Promise<number> {
    const unreadCount = await notifications.unreadCount(recipientId);
    for (const listener of changedListeners) {
      try {
        listener({ recipientId, unreadCount });
      } catch (error) {
        logger.error({ err: error }, 'notification listener failed');
      }
    }
    return unreadCount;
  }

  /** Stores one notification per wanted recipient, then tells the `onCreated` listeners. */
  async function notify(input: NotifyInput): Promise<CreatedNotification[]> {
    let candidates = [...new Set(input.recipientIds)].filter((id) => id !== input.actorId);
    if (input.actorId && candidates.length > 0) {
      const hidden = new Set(await visibility.hiddenFrom({ userId: input.actorId }));
      candidates = candidates.filter((id) => !hidden.has(id));
    }
    if (candidates.length === 0) return [];
    const choice = NOTIFICATION_CHOICE_OF_KIND[input.kind];
    const choices = await notifications.choicesOf(candidates);
    const recipients = candidates.filter((id) => choices.get(id)?.[choice] !== false);
    if (recipients.length === 0) return [];

    const rows = await notifications.insertMany(
      recipients.map((recipientId) => ({
        recipientId,
        kind: input.kind,
        actorId: input.actorId ?? null,
        bookId: input.bookId ?? null,
        reviewId: input.reviewId ?? null,
        clubId: input.clubId ?? null,
        data: input.data ?? {},
        dedupeKey: input.dedupeKey ?? null,
      })),
    );
    const [stored, counts] = await Promise.all([
      notifications.withActors(rows),
      notifications.unreadCounts(recipients),
    ]);
    const created = stored.map((item) => ({
      recipientId: item.notification.recipientId,
      stored: item,
      unreadCount: counts.get(item.notification.recipientId) ?? 0,
    }));
    for (const item of created) {
      for (const listener of createdListeners) {
        try {
          listener(item);
        } catch (error) {
          logger.error({ err: error }, 'notification listener failed');
        }
      }
    }
    if (mailer) await Promise.all(created.map((item) => mailer.instant(item)));
    return created;
  }

  /** Turns the domain events into notifications (spec: who hears of what). */
  function listen(events: DomainEvents): void {
    events.on('review.replied', async (event) => {
      const [bookTitle, replyText] = await Promise.all([
        titleOf(event.bookId),
        notifications.replyText(event.replyId),
      ]);
      await notify({
        kind: 'reviewReply',
        recipientIds: [event.reviewAuthorId],
        actorId: event.actorId,
        bookId: event.bookId,
        reviewId: event.reviewId,
        data: {
          bookTitle,
          replyId: event.replyId,
          ...(replyText ? { excerpt: excerpt(replyText) } : {}),
        },
      });
    });

    events.on('review.reacted', async (event) => {
      if (event.type !== 'like') return;
      await notify({
        kind: 'reviewLike',
        recipientIds: [event.reviewAuthorId],
        actorId: event.actorId,
        bookId: event.bookId,
        reviewId: event.reviewId,
        data: { bookTitle: await titleOf(event.bookId) },
        dedupeKey: `reviewLike:${event.reviewId}:${event.actorId}`,
      });
    });

    events.on('report.created', async (event) => {
      const [admins, bookTitle] = await Promise.all([notifications.adminIds(), titleOf(event.bookId)]);
      await notify({
        kind: event.kind === 'review' ? 'reviewReport' : 'bookReport',
        recipientIds: admins,
        actorId: event.actorId,
        bookId: event.bookId,
        reviewId: event.kind === 'review' ? event.targetId : null,
        data: { bookTitle, reason: excerpt(event.reason), reportId: event.reportId },
        dedupeKey: `report:${event.kind}:${event.reportId}`,
      });
    });

    events.on('club.joinRequested', async (event) => {
      await notify({
        kind: 'clubJoinRequest',
        recipientIds: await notifications.existingUserIds(event.moderatorIds),
        actorId: event.actorId,
        clubId: event.clubId,
        data: { clubName: event.clubName },
        dedupeKey: `clubJoinRequest:${event.clubId}:${event.actorId}`,
      });
    });

    events.on('club.joinDecided', async (event) => {
      await notify({
        kind: event.approved ? 'clubJoinApproved' : 'clubJoinDeclined',
        recipientIds: await notifications.existingUserIds([event.userId]),
        clubId: event.clubId,
        data: { clubName: event.clubName },
      });
    });

    events.on('club.currentBookChanged', async (event) => {
      await notify({
        kind: 'clubCurrentBook',
        recipientIds: await notifications.existingUserIds(event.memberIds),
        actorId: event.actorId,
        clubId: event.clubId,
        bookId: (await titleOf(event.bookId)) !== undefined ? event.bookId : null,
        data: { clubName: event.clubName, bookTitle: event.bookTitle },
      });
    });

    events.on('club.meetingScheduled', async (event) => {
      await notify({
        kind: 'clubMeeting',
        recipientIds: await notifications.existingUserIds(event.memberIds),
        actorId: event.actorId,
        clubId: event.clubId,
        data: { clubName: event.clubName, startsAt: event.startsAt },
        dedupeKey: `clubMeeting:${event.clubId}`,
      });
    });

    events.on('reader.followed', async (event) => {
      await notify({
        kind: event.state === 'following' ? 'newFollower' : 'followRequest',
        recipientIds: [event.followeeId],
        actorId: event.followerId,
        dedupeKey: `follow:${event.followerId}`,
      });
    });

    events.on('reader.followAccepted', async (event) => {
      await notify({
        kind: 'followAccepted',
        recipientIds: [event.followerId],
        actorId: event.followeeId,
        dedupeKey: `followAccepted:${event.followeeId}`,
      });
    });

    // A block removes what each was told of the other.
    events.on('reader.blocked', async ({ blockerId, blockedId }) => {
      const touched = await notifications.removeBetween(blockerId, blockedId);
      for (const recipientId of touched) await changed(recipientId);
    });

    events.on('contact.received', async (event) => {
      await notify({
        kind: 'contactMessage',
        recipientIds: await notifications.adminIds(),
        actorId: event.actorId,
        data: {
          senderName: event.name,
          senderEmail: event.email,
          subject: event.subject,
          excerpt: excerpt(event.message),
          contactMessageId: event.messageId,
        },
      });
    });

    events.on('book.suggested', async (event) => {
      await notify({
        kind: 'bookSuggested',
        recipientIds: await notifications.adminIds(),
        actorId: event.actorId,
        data: { title: event.title, suggestionId: event.suggestionId },
      });
    });
  }

  return {
    notify,
    listen,

    /** Calls `listener` for every stored notification (the live push); returns a remover. */
    onCreated(listener: CreatedListener): () => void {
      createdListeners.add(listener);
      return () => createdListeners.delete(listener);
    },

    async list(actor: Actor, query: NotificationListQuery) {
      const [{ rows, total }, unreadCount] = await Promise.all([
        notifications.list(actor.userId, query),
        notifications.unreadCount(actor.userId),
      ]);
      return { rows, total, unreadCount };
    },

    /** Calls `listener` after the reader reads, unreads or deletes (other tabs follow); returns a remover. */
    onChanged(listener: ChangedListener): () => void {
      changedListeners.add(listener);
      return () => changedListeners.delete(listener);
    },

    unreadCount: (actor: Actor) => notifications.unreadCount(actor.userId),

    /** The caller's notification; 404 when it is not theirs. */
    async get(actor: Actor, id: string): Promise<NotificationWithActor> {
      const row = await notifications.findOwn(id, actor.userId);
      if (!row) throw new NotFoundError();
      const [stored] = await notifications.withActors([row]);
      return stored!;
    },

    /** Marks the caller's notification read or unread; 404 when it is not theirs. */
    async setStatus(actor: Actor, id: string, status: NotificationStatus): Promise<NotificationWithActor> {
      const row = await notifications.setStatus(id, actor.userId, status);
      if (!row) throw new NotFoundError();
      const [stored] = await notifications.withActors([row]);
      await changed(actor.userId);
      return stored!;
    },

    async markAllRead(actor: Actor): Promise<void> {
      await notifications.markAllRead(actor.userId);
      await changed(actor.userId);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await notifications.remove(id, actor.userId))) throw new NotFoundError();
      await changed(actor.userId);
    },

    choices: (actor: Actor) => notifications.choices(actor.userId),
    saveChoices: (actor: Actor, choices: NotificationChoicesPatch) =>
      notifications.saveChoices(actor.userId, choices),

    /**
     * How the reader wants mail about `kind`: `off`, `instant` (a mail at once) or `digest` (a line
     * in the daily digest); their saved choice, else the default (`DEFAULT_EMAIL_CHOICES`). Other
     * modules that mail about a kind (the clubs' `meetingReminder`) ask this before sending; it does
     * not check the address is verified (`notificationMail.recipient` does).
     */
    async emailChoice(userId: string, kind: EmailNotificationKind): Promise<EmailChoice> {
      return (await notifications.choices(userId)).email[kind];
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
