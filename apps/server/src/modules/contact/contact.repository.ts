import type { ContactMessageListQuery, ContactStatus } from '@nebab/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index.js';

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
}

/** Reads and writes `contact_messages`. */
export function createContactRepository(db: Db) {
  return {
    async insert(values: NewContactMessage, tx: Db = db): Promise<ContactMessageRow> {
      const [row] = await tx.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('contact.insert returned no row');
      return row;
    },

    /** A page of messages, newest first, with the total of the filter and the count of new ones. */
    async list(query: ContactMessageListQuery, tx: Db = db) {
      const filter: SQL | undefined = query.status ? eq(contactMessages.status, query.status) : undefined;
      const [rows, [total], [fresh]] = await Promise.all([
        tx
          .select()
          .from(contactMessages)
          .where(filter)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        tx.select({ n: count() }).from(contactMessages).where(filter),
        tx.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
      ]);
      return { rows, total: Number(total?.n ?? 0), newCount: Number(fresh?.n ?? 0) };
    },

    async findById(id: string, tx: Db = db): Promise<ContactMessageRow | undefined> {
      const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
      return row;
    },

    async setStatus(
      id: string,
      status: ContactStatus,
      adminId: string,
      tx: Db = db,
    ): Promise<ContactMessageRow | undefined> {
      const handled = status === 'handled';
      const [row] = await tx
        .update(contactMessages)
        .set({ status, handledBy: handled ? adminId : null, handledAt: handled ? new Date() : null })
        .where(and(eq(contactMessages.id, id)))
        .returning();
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
