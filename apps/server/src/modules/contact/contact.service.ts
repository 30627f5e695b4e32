import {
  CONTACT_LIMITS,
  type ContactMessageInput,
  type ContactMessageListQuery,
  type ContactStatus,
  type Language,
} from '@nebab/shared';
import type { ContactMessageRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { NotFoundError, RateLimitedError } from '../../lib/errors.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';
import type { Actor } from '../../lib/actor.js';
import type { ContactRepository } from './contact.repository.js';

export interface ContactServiceDeps {
  contact: ContactRepository;
  events: DomainEvents;
  rateLimiters: RateLimiters;
}

/**
 * The contact form of `/contact`: a message is stored, then admins are notified (the
 * `contact.received` event; notifications listen). Sending is limited per IP and per sender email
 * (counted through the app's rate limiters, so every node shares the allowance with Redis).
 * Reading and handling the messages is for admins (the routes require the role).
 */
export function createContactService({ contact, events, rateLimiters }: ContactServiceDeps) {
  const window = { windowMs: CONTACT_LIMITS.windowMs };
  const perIp = rateLimiters.create('contact-ip', { limit: CONTACT_LIMITS.perIp, ...window });
  const perEmail = rateLimiters.create('contact-email', { limit: CONTACT_LIMITS.perEmail, ...window });

  return {
    async send(
      input: ContactMessageInput,
      context: { ip: string; actor: Actor | null; language: Language },
    ): Promise<ContactMessageRow> {
      const verdicts = await Promise.all([perIp.hit(context.ip), perEmail.hit(input.email)]);
      const refused = verdicts.filter((verdict) => !verdict.allowed);
      if (refused.length > 0) {
        throw new RateLimitedError(
          Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)),
          'contact.rateLimited',
        );
      }
      const row = await contact.insert({
        userId: context.actor?.userId ?? null,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: context.language,
      });
      await events.emit('contact.received', {
        messageId: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        actorId: row.userId,
      });
      return row;
    },

    list: (query: ContactMessageListQuery) => contact.list(query),

    async get(id: string): Promise<ContactMessageRow> {
      const row = await contact.findById(id);
      if (!row) throw new NotFoundError();
      return row;
    },

    async setStatus(admin: Actor, id: string, status: ContactStatus): Promise<ContactMessageRow> {
      const row = await contact.setStatus(id, status, admin.userId);
      if (!row) throw new NotFoundError();
      return row;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
