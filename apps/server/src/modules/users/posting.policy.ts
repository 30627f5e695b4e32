import { EmailUnverifiedError } from '../../lib/errors.js';
import type { UsersRepository } from './users.repository.js';
import type { Actor } from '../../lib/actor.js';

/**
 * Who may write for others to read (reviews, replies to reviews and club topics, club topics, chat
 * messages, new lists): the one place the site setting "require a verified address to post" is
 * decided. While it is on, a reader whose login address is not confirmed gets 403 EMAIL_UNVERIFIED;
 * admins are exempt. The write paths (REST and socket alike) call `assertMayPost` in their service.
 */
export function createPostingPolicy(deps: {
  users: Pick<UsersRepository, 'findById'>;
  /** The site setting, read at each write (so a change applies at once, on every node). */
  requireVerifiedToPost: () => Promise<boolean>;
}) {
  return {
    async assertMayPost(actor: Actor): Promise<void> {
      if (actor.role === 'admin') return;
      if (!(await deps.requireVerifiedToPost())) return;
      const user = await deps.users.findById(actor.userId);
      if (!user?.emailVerifiedAt) throw new EmailUnverifiedError();
    },
  };
}

export type PostingPolicy = ReturnType<typeof createPostingPolicy>;

/** The check as the writing modules take it (absent in unit tests: everyone may post). */
export type MayPost = (actor: Actor) => Promise<void>;
