import { DEFAULT_LANGUAGE, translate, type Language, type ReaderSummary } from '@nebab/shared';
import { users } from '../../db/schema/index.js';

/**
 * The reader card: a person as every list shows them — the author of a review, a reply, a chat
 * message or a topic, a club member, a follower, a list's owner, who did something in the feed. The
 * one read model of a reader outside their own profile, the twin of `books/book-card.ts`: modules
 * select `READER_CARD_COLUMNS` and present with `presentReaderCard`, never their own projection.
 */
export interface ReaderCard {
  id: string;
  name: string;
  profilePicture: string | null;
  /** `deleted`: the account was removed; the card shows "Deleted reader" without name or picture. */
  status: string;
}

/** The card's columns as Drizzle selects them (the keys are the card's fields). */
export const READER_CARD_COLUMNS = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  status: users.status,
} satisfies Record<keyof ReaderCard, unknown>;

/** The card as the contract shows it; a deleted account is "Deleted reader" in the request's language. */
export function presentReaderCard(
  card: Pick<ReaderCard, 'id' | 'name' | 'profilePicture'> & { status?: string },
  language: Language = DEFAULT_LANGUAGE,
): ReaderSummary {
  if (card.status === 'deleted')
    return { id: card.id, name: translate('adminModeration.deletedReader', language), profile_picture: null };
  return { id: card.id, name: card.name, profile_picture: card.profilePicture };
}
