import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  newsletterIssues,
  newsletterSubscriptions,
  type NewsletterIssueRow,
  type NewsletterSubscriptionRow,
} from '../../db/schema/index.js';

export interface NewIssue {
  subjectEn: string;
  subjectAm: string;
  bodyEn: string;
  bodyAm: string;
}

/** The newsletter module's tables: `newsletter_subscriptions` and `newsletter_issues`. */
export function createNewsletterRepository(db: Db) {
  return {
    findByEmail: async (email: string): Promise<NewsletterSubscriptionRow | undefined> =>
      (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0],

    /**
     * A pending subscription of the address (new, or the pending one renewed with this language and
     * confirmation link). Undefined when the address is confirmed already: nothing changes then.
     */
    async upsertPending(
      email: string,
      language: string,
      confirmTokenHash: string,
      confirmExpiresAt: Date,
      unsubscribeToken: string,
    ): Promise<NewsletterSubscriptionRow | undefined> {
      const [row] = await db
        .insert(newsletterSubscriptions)
        .values({ email, language, confirmTokenHash, confirmExpiresAt, unsubscribeToken })
        .onConflictDoUpdate({
          target: newsletterSubscriptions.email,
          set: { language, confirmTokenHash, confirmExpiresAt },
          setWhere: isNull(newsletterSubscriptions.confirmedAt),
        })
        .returning();
      return row;
    },

    /** Confirms the pending subscription of a live link (once): true if there was one. */
    async confirm(confirmTokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ confirmedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(newsletterSubscriptions.confirmTokenHash, confirmTokenHash),
            isNull(newsletterSubscriptions.confirmedAt),
            gt(newsletterSubscriptions.confirmExpiresAt, at),
          ),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    /** Removes the address of an unsubscribe link: true if there was one. */
    async unsubscribe(unsubscribeToken: string): Promise<boolean> {
      const rows = await db
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.unsubscribeToken, unsubscribeToken))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    async countConfirmed(confirmedBy: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(newsletterSubscriptions)
        .where(lte(newsletterSubscriptions.confirmedAt, confirmedBy));
      return row?.count ?? 0;
    },

    /** The next confirmed subscribers after `cursor` (id order), confirmed by `confirmedBy`. */
    async confirmedAfter(
      cursor: string | null,
      confirmedBy: Date,
      limit: number,
    ): Promise<NewsletterSubscriptionRow[]> {
      return db
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(
            isNotNull(newsletterSubscriptions.confirmedAt),
            lte(newsletterSubscriptions.confirmedAt, confirmedBy),
            cursor ? gt(newsletterSubscriptions.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(newsletterSubscriptions.id))
        .limit(limit);
    },

    async createIssue(values: NewIssue): Promise<NewsletterIssueRow> {
      const [row] = await db.insert(newsletterIssues).values(values).returning();
      if (!row) throw new Error('newsletter_issues.insert returned no row');
      return row;
    },

    findIssue: async (id: string): Promise<NewsletterIssueRow | undefined> =>
      (await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0],

    listIssues: (limit: number): Promise<NewsletterIssueRow[]> =>
      db
        .select()
        .from(newsletterIssues)
        .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
        .limit(limit),

    /** Draft → sending, once: undefined when it is not a draft (any more). */
    async startSending(id: string, at: Date, total: number): Promise<NewsletterIssueRow | undefined> {
      const [row] = await db
        .update(newsletterIssues)
        .set({ status: 'sending', sendStartedAt: at, total })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'draft')))
        .returning();
      return row;
    },

    /** Takes a sending issue for one job: unclaimed, or claimed before `staleBefore` (its node died). */
    async claim(id: string, at: Date, staleBefore: Date): Promise<NewsletterIssueRow | undefined> {
      const [row] = await db
        .update(newsletterIssues)
        .set({ claimedAt: at })
        .where(
          and(
            eq(newsletterIssues.id, id),
            eq(newsletterIssues.status, 'sending'),
            or(isNull(newsletterIssues.claimedAt), lt(newsletterIssues.claimedAt, staleBefore)),
          ),
        )
        .returning();
      return row;
    },

    /** One more message queued: the cursor moves past its subscriber (and the claim is refreshed). */
    async advance(id: string, cursor: string, at: Date): Promise<void> {
      await db
        .update(newsletterIssues)
        .set({ cursor, queued: sql`${newsletterIssues.queued} + 1`, claimedAt: at })
        .where(eq(newsletterIssues.id, id));
    },

    /** A subscriber passed over (the mail was not queued): the cursor moves on. */
    async skip(id: string, cursor: string): Promise<void> {
      await db.update(newsletterIssues).set({ cursor }).where(eq(newsletterIssues.id, id));
    },

    async release(id: string): Promise<void> {
      await db.update(newsletterIssues).set({ claimedAt: null }).where(eq(newsletterIssues.id, id));
    },

    /** Every message is in the outbox: the total becomes what was queued. */
    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(newsletterIssues)
        .set({ status: 'sent', sentAt: at, claimedAt: null, total: sql`${newsletterIssues.queued}` })
        .where(eq(newsletterIssues.id, id));
    },

    /** Issues left sending (a node stopped or died while a job held them). */
    async sendingIds(): Promise<string[]> {
      const rows = await db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(inArray(newsletterIssues.status, ['sending']));
      return rows.map((row) => row.id);
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
