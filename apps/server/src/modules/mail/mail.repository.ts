import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailMessages, type MailAttachment, type MailMessageRow } from '../../db/schema/index.js';

export type MailStatus = MailMessageRow['status'];

export interface NewMailMessage {
  id?: string;
  recipient: string;
  kind: string;
  language: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  messageId: string;
  unsubscribeUrl?: string | null;
  attachments?: MailAttachment[] | null;
  batch?: string | null;
}

/** How a mailing's messages stand. */
export interface BatchCounts {
  queued: number;
  sent: number;
  failed: number;
}

/** The mail module's outbox (`mail_messages`). */
export function createMailRepository(db: Db) {
  return {
    async insert(values: NewMailMessage, tx: Db = db): Promise<MailMessageRow> {
      const [row] = await tx.insert(mailMessages).values(values).returning();
      if (!row) throw new Error('mail_messages.insert returned no row');
      return row;
    },

    /**
     * Takes a message for one delivery attempt: queued, or `sending` under a claim older than
     * `staleBefore` (its node died mid-send). Null when another node holds it or it is done.
     */
    async claim(id: string, at: Date, staleBefore: Date): Promise<MailMessageRow | undefined> {
      const [row] = await db
        .update(mailMessages)
        .set({ status: 'sending', claimedAt: at, attempts: sql`${mailMessages.attempts} + 1` })
        .where(
          and(
            eq(mailMessages.id, id),
            or(
              eq(mailMessages.status, 'queued'),
              and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, staleBefore)),
            ),
          ),
        )
        .returning();
      return row;
    },

    async status(id: string): Promise<MailStatus | undefined> {
      const [row] = await db
        .select({ status: mailMessages.status })
        .from(mailMessages)
        .where(eq(mailMessages.id, id));
      return row?.status;
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(mailMessages)
        .set({
          status: 'sent',
          sentAt: at,
          claimedAt: null,
          textBody: null,
          htmlBody: null,
          attachments: null,
          lastError: null,
        })
        .where(eq(mailMessages.id, id));
    },

    /** A temporary failure: queued again for the job's next try. */
    async release(id: string, error: string): Promise<void> {
      await db
        .update(mailMessages)
        .set({ status: 'queued', claimedAt: null, lastError: error })
        .where(eq(mailMessages.id, id));
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db
        .update(mailMessages)
        .set({
          status: 'failed',
          claimedAt: null,
          lastError: error,
          textBody: null,
          htmlBody: null,
          attachments: null,
        })
        .where(eq(mailMessages.id, id));
    },

    /** Messages not delivered yet (queued, or claimed by a node that may have died). */
    async pendingIds(): Promise<string[]> {
      const rows = await db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(inArray(mailMessages.status, ['queued', 'sending']));
      return rows.map((row) => row.id);
    },

    /** The messages of a mailing by outcome (`queued` counts those being sent too). */
    async countByBatch(batch: string): Promise<BatchCounts> {
      const rows = await db
        .select({ status: mailMessages.status, count: sql<number>`count(*)::int` })
        .from(mailMessages)
        .where(eq(mailMessages.batch, batch))
        .groupBy(mailMessages.status);
      const counts: BatchCounts = { queued: 0, sent: 0, failed: 0 };
      for (const row of rows) {
        if (row.status === 'sent') counts.sent += row.count;
        else if (row.status === 'failed') counts.failed += row.count;
        else counts.queued += row.count;
      }
      return counts;
    },

    /** Newest first, for admins. */
    async list(status: MailStatus | undefined, limit: number, offset: number) {
      const where = status ? eq(mailMessages.status, status) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(mailMessages)
          .where(where)
          .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(mailMessages)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
