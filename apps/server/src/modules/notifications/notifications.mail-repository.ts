import { randomBytes } from 'node:crypto';
import type { EmailNotificationKind, NotificationChoices, NotificationData } from '@nebab/shared';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationMail, notifications } from '../../db/schema/index.js';
import { joinReader, READER_CARD_COLUMNS } from '../users/reader-card.js';
import { findMailableReader, MAILABLE_READER, type MailReader } from '../users/users.read-model.js';
import { readNotificationChoices, turnEmailOff } from './notifications.repository.js';

/** Who a notification mail goes to: an active account with a confirmed address. */
export type { MailReader };

/** A notification as a digest line needs it (the actor's current name, when any). */
export interface DigestItem {
  kind: EmailNotificationKind;
  actorId: string | null;
  actorName: string | null;
  bookId: string | null;
  reviewId: string | null;
  clubId: string | null;
  data: NotificationData;
  createdAt: Date;
}

const newToken = () => randomBytes(32).toString('base64url');

/** Reads and writes `notification_mail` (tokens and digest claims); reads the readers it mails. */
export function createNotificationMailRepository(db: Db) {
  return {
    choices: (userId: string): Promise<NotificationChoices> => readNotificationChoices(db, userId),
    turnEmailOff: (userId: string) => turnEmailOff(db, userId),

    /** The reader, when their account is active and its address confirmed (else no mail). */
    mailReader: (userId: string): Promise<MailReader | undefined> => findMailableReader(db, userId),

    /** The reader's unsubscribe token, made on first use. */
    async tokenFor(userId: string): Promise<string> {
      await db
        .insert(notificationMail)
        .values({ userId, unsubscribeToken: newToken() })
        .onConflictDoNothing();
      const [row] = await db
        .select({ token: notificationMail.unsubscribeToken })
        .from(notificationMail)
        .where(eq(notificationMail.userId, userId))
        .limit(1);
      if (!row) throw new Error('notification_mail: no row after insert');
      return row.token;
    },

    async userOfToken(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: notificationMail.userId })
        .from(notificationMail)
        .where(eq(notificationMail.unsubscribeToken, token))
        .limit(1);
      return row?.userId;
    },

    /** When the reader's last digest was claimed (null: never). */
    async lastDigestAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: notificationMail.lastDigestAt })
        .from(notificationMail)
        .where(eq(notificationMail.userId, userId))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * Readers who may get a digest at `at`: active, confirmed address, something new since their
     * last digest (or in the day before `at`, for a first one), and no digest claimed after `dueBefore`.
     */
    async digestCandidates(at: Date, firstSince: Date, dueBefore: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: notifications.recipientId })
        .from(notifications)
        .innerJoin(...joinReader(notifications.recipientId))
        .leftJoin(notificationMail, eq(notificationMail.userId, notifications.recipientId))
        .where(
          and(
            MAILABLE_READER,
            lte(notifications.createdAt, at),
            gt(notifications.createdAt, sql`coalesce(${notificationMail.lastDigestAt}, ${firstSince})`),
            or(isNull(notificationMail.lastDigestAt), lte(notificationMail.lastDigestAt, dueBefore)),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** The reader's notifications of `kinds` in (since, at], newest first, with the actor's name. */
    async digestItems(
      userId: string,
      kinds: readonly EmailNotificationKind[],
      since: Date,
      at: Date,
    ): Promise<DigestItem[]> {
      if (kinds.length === 0) return [];
      const rows = await db
        .select({
          kind: notifications.kind,
          actorId: notifications.actorId,
          actorName: READER_CARD_COLUMNS.name,
          actorStatus: READER_CARD_COLUMNS.status,
          bookId: notifications.bookId,
          reviewId: notifications.reviewId,
          clubId: notifications.clubId,
          data: notifications.data,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .leftJoin(...joinReader(notifications.actorId))
        .where(
          and(
            eq(notifications.recipientId, userId),
            inArray(notifications.kind, [...kinds]),
            gt(notifications.createdAt, since),
            lte(notifications.createdAt, at),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id));
      return rows.map(({ actorStatus, actorName, ...row }) => ({
        ...row,
        kind: row.kind as EmailNotificationKind,
        // A deleted account is not named.
        actorName: actorStatus === 'deleted' ? null : actorName,
      }));
    },

    /**
     * Claims the reader's digest at `at` inside `tx`: moves `last_digest_at` from `previous` to `at`
     * only if it still is `previous` (another node that claimed first wins; false here).
     */
    async claimDigest(tx: Db, userId: string, previous: Date | null, at: Date): Promise<boolean> {
      const rows = await tx
        .update(notificationMail)
        .set({ lastDigestAt: at })
        .where(
          and(
            eq(notificationMail.userId, userId),
            previous === null
              ? isNull(notificationMail.lastDigestAt)
              : eq(notificationMail.lastDigestAt, previous),
          ),
        )
        .returning({ userId: notificationMail.userId });
      return rows.length > 0;
    },
  };
}

export type NotificationMailRepository = ReturnType<typeof createNotificationMailRepository>;
