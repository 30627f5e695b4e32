import {
  DEFAULT_EMAIL_CHOICES,
  DEFAULT_NOTIFICATION_CHOICES,
  EMAIL_NOTIFICATION_KINDS,
  type EmailChoices,
  type NotificationChoices,
  type NotificationChoicesPatch,
  type NotificationStatus,
} from '@nebab/shared';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  notificationPreferences,
  notifications,
  reviewReplies,
  type NewNotificationRow,
  type NotificationPreferencesRow,
  type NotificationRow,
} from '../../db/schema/index.js';
import type { ReaderCard } from '../users/reader-card.js';
import { activeAdminIds, existingReaderIds, findReaderCards } from '../users/users.read-model.js';

export type { NotificationChoices } from '@nebab/shared';

/** Who did what a notification tells: the reader card (a deleted account is not named). */
export type NotificationActorRow = Omit<ReaderCard, 'status'>;

/** A stored notification with the actor's current name and picture (null when none or deleted). */
export interface NotificationWithActor {
  notification: NotificationRow;
  actor: NotificationActorRow | null;
}

const CHOICE_COLUMNS = ['replies', 'reactions', 'clubs', 'moderation', 'newsletter', 'follows'] as const;

/** Every kind's email choice: the saved ones over the defaults (a kind added later gets its default). */
function emailOf(saved: Partial<EmailChoices> | undefined): EmailChoices {
  const email = { ...DEFAULT_EMAIL_CHOICES };
  for (const kind of EMAIL_NOTIFICATION_KINDS) {
    const choice = saved?.[kind];
    if (choice) email[kind] = choice;
  }
  return email;
}

function choicesOf(row: NotificationPreferencesRow | undefined): NotificationChoices {
  if (!row) return { ...DEFAULT_NOTIFICATION_CHOICES, email: emailOf(undefined) };
  return {
    ...(Object.fromEntries(CHOICE_COLUMNS.map((key) => [key, row[key]])) as Omit<
      NotificationChoices,
      'email'
    >),
    email: emailOf(row.email),
  };
}

/**
 * The reader's notification choices (defaults when never saved). Exported on its own so the
 * settings module can read them without the notifications service.
 */
export async function readNotificationChoices(db: Db, userId: string): Promise<NotificationChoices> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return choicesOf(row);
}

/**
 * Saves the reader's notification choices (insert or replace) and answers them. The email
 * choices sent are merged into the saved ones (a kind left out keeps its choice).
 */
export async function writeNotificationChoices(
  db: Db,
  userId: string,
  choices: NotificationChoicesPatch,
): Promise<NotificationChoices> {
  const values = Object.fromEntries(CHOICE_COLUMNS.map((key) => [key, choices[key]])) as Omit<
    NotificationChoices,
    'email'
  >;
  const email = choices.email ?? {};
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values, email })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        ...values,
        email: sql`${notificationPreferences.email} || excluded.email`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return choicesOf(row);
}

/** Turns every kind's email off (the one-click unsubscribe); the in-app switches stay as they are. */
export async function turnEmailOff(db: Db, userId: string): Promise<void> {
  const off = Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, 'off'])) as EmailChoices;
  await db
    .insert(notificationPreferences)
    .values({ userId, ...DEFAULT_NOTIFICATION_CHOICES, email: off })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { email: off, updatedAt: new Date() },
    });
}

/** Reads and writes `notifications` and `notification_preferences`; every query names the recipient. */
export function createNotificationsRepository(db: Db) {
  async function withActors(rows: NotificationRow[]): Promise<NotificationWithActor[]> {
    const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => !!id))];
    const actors = await findReaderCards(db, actorIds);
    // A deleted account is not named.
    const byId = new Map(
      actors
        .filter((actor) => actor.status !== 'deleted')
        .map(({ id, name, profilePicture }) => [id, { id, name, profilePicture }]),
    );
    return rows.map((notification) => ({
      notification,
      actor: notification.actorId ? (byId.get(notification.actorId) ?? null) : null,
    }));
  }

  return {
    withActors,

    /**
     * Stores notifications in one statement. A row with a `dedupeKey` that the recipient already
     * has replaces that row's data and makes it unread and new again (no pile-up).
     */
    async insertMany(rows: NewNotificationRow[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(notifications)
        .values(rows)
        .onConflictDoUpdate({
          target: [notifications.recipientId, notifications.dedupeKey],
          set: {
            data: sql`excluded.data`,
            status: 'unread',
            createdAt: sql`now()`,
          },
        })
        .returning();
    },

    async list(
      recipientId: string,
      options: { status?: NotificationStatus; page: number; pageSize: number },
    ): Promise<{ rows: NotificationWithActor[]; total: number }> {
      const where = and(
        eq(notifications.recipientId, recipientId),
        options.status ? eq(notifications.status, options.status) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db.select({ total: count() }).from(notifications).where(where),
      ]);
      return { rows: await withActors(rows), total: Number(totalRow?.total ?? 0) };
    },

    async unreadCount(recipientId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(notifications)
        .where(and(eq(notifications.recipientId, recipientId), eq(notifications.status, 'unread')));
      return Number(row?.total ?? 0);
    },

    /** Unread counts of several recipients at once. */
    async unreadCounts(recipientIds: string[]): Promise<Map<string, number>> {
      if (recipientIds.length === 0) return new Map();
      const rows = await db
        .select({ recipientId: notifications.recipientId, total: count() })
        .from(notifications)
        .where(and(inArray(notifications.recipientId, recipientIds), eq(notifications.status, 'unread')))
        .groupBy(notifications.recipientId);
      return new Map(rows.map((row) => [row.recipientId, Number(row.total)]));
    },

    async findOwn(id: string, recipientId: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
        .limit(1);
      return row;
    },

    /** Sets the status of the recipient's notification; undefined when it is not theirs. */
    async setStatus(
      id: string,
      recipientId: string,
      status: NotificationStatus,
    ): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ status })
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
        .returning();
      return row;
    },

    /** Deletes the notifications each of the two had about the other; answers whose were deleted. */
    async removeBetween(a: string, b: string): Promise<string[]> {
      const rows = await db
        .delete(notifications)
        .where(
          or(
            and(eq(notifications.recipientId, a), eq(notifications.actorId, b)),
            and(eq(notifications.recipientId, b), eq(notifications.actorId, a)),
          ),
        )
        .returning({ recipientId: notifications.recipientId });
      return [...new Set(rows.map((row) => row.recipientId))];
    },

    async markAllRead(recipientId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ status: 'read' })
        .where(and(eq(notifications.recipientId, recipientId), eq(notifications.status, 'unread')))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Deletes the recipient's notification; false when it is not theirs. */
    async remove(id: string, recipientId: string): Promise<boolean> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    choices: (userId: string) => readNotificationChoices(db, userId),
    saveChoices: (userId: string, choices: NotificationChoicesPatch) =>
      writeNotificationChoices(db, userId, choices),

    /** The choices of several users (defaults for those who never saved any). */
    async choicesOf(userIds: string[]): Promise<Map<string, NotificationChoices>> {
      const rows = userIds.length
        ? await db
            .select()
            .from(notificationPreferences)
            .where(inArray(notificationPreferences.userId, userIds))
        : [];
      const byUser = new Map(rows.map((row) => [row.userId, row]));
      return new Map(userIds.map((id) => [id, choicesOf(byUser.get(id))]));
    },

    /** Active admins (they hear of reports and suggestions). */
    adminIds: (): Promise<string[]> => activeAdminIds(db),

    /** Of these ids, the ones that are existing users (club events name members by id). */
    existingUserIds: (ids: string[]): Promise<string[]> => existingReaderIds(db, ids),

    async replyText(replyId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: reviewReplies.text })
        .from(reviewReplies)
        .where(eq(reviewReplies.id, replyId))
        .limit(1);
      return row?.text;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
