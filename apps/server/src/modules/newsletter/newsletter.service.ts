import type { NewsletterRepository } from './newsletter.repository.js';

/** The newsletter: anyone may subscribe an address, in a language (idempotent). */
export function createNewsletterService(deps: { newsletter: NewsletterRepository }) {
  const { newsletter } = deps;
  return {
    subscribe: (email: string, language: string) => newsletter.subscribe(email, language),
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
