import type { Db } from '../../db/client.js';
import { newsletterSubscriptions } from '../../db/schema/index.js';

/** Writes `newsletter_subscriptions`. Every method takes an optional transaction. */
export function createNewsletterRepository(db: Db) {
  return {
    /** Subscribes the address; a second subscription of it changes nothing. */
    async subscribe(email: string, language: string, tx: Db = db): Promise<void> {
      await tx
        .insert(newsletterSubscriptions)
        .values({ email, language })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
