import type { ReaderPrivacy } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { PeopleVisibility, Viewer } from '../../lib/visibility.js';
import { NotFoundError } from '../../lib/errors.js';
import { profileAccess, type ProfileAccess } from './readers.policy.js';
import type { FollowRowState, ReaderRow, ReadersRepository } from './readers.repository.js';

/** A reader as one asker may see them. */
export interface ReaderAccess {
  reader: ReaderRow;
  privacy: ReaderPrivacy;
  access: ProfileAccess;
  /** The asker's follow of the reader. */
  follow: FollowRowState | null;
  /** The reader's follow of the asker. */
  followsYou: FollowRowState | null;
}

/**
 * The one answer to "who may see whom" (blocks either way, profile privacy). Every module that shows
 * people or their words takes the part it needs as a required `Pick<PeopleVisibility, …>` dependency
 * (the port, `lib/visibility.ts`); nobody asks the readers' tables themselves, and nothing defaults to
 * "everyone". Within readers, `accessOf` adds how much of a profile the viewer sees.
 */
export interface VisibilityPolicy extends PeopleVisibility {
  /** The reader and how much of their profile the viewer sees (`profileAccess`); 404 for nobody. */
  accessOf(viewer: Viewer, readerId: string, tx?: Db): Promise<ReaderAccess>;
}

export interface VisibilityPolicyDeps {
  /** The readers' read side: privacy, follows and blocks. */
  readers: Pick<
    ReadersRepository,
    | 'hiddenFrom'
    | 'isBlockedEither'
    | 'findReader'
    | 'privacyOf'
    | 'followState'
    | 'feedSources'
    | 'audienceOf'
  >;
}

export function createVisibilityPolicy({ readers }: VisibilityPolicyDeps): VisibilityPolicy {
  async function accessOf(viewer: Viewer, readerId: string, tx?: Db): Promise<ReaderAccess> {
    const reader = await readers.findReader(readerId, tx);
    if (!reader) throw new NotFoundError();
    const privacy = await readers.privacyOf(readerId, tx);
    const self = viewer?.userId === readerId;
    const [follow, followsYou, blocked] =
      viewer && !self
        ? await Promise.all([
            readers.followState(viewer.userId, readerId, tx),
            readers.followState(readerId, viewer.userId, tx),
            readers.isBlockedEither(viewer.userId, readerId, tx),
          ])
        : [null, null, false];
    const access = profileAccess({
      status: reader.status,
      visibility: privacy.profileVisibility,
      self,
      follow,
      blocked,
    });
    return { reader, privacy, access, follow, followsYou };
  }

  async function activityAudience(personId: string, readingActivity: boolean): Promise<string[]> {
    const privacy = await readers.privacyOf(personId);
    if (privacy.profileVisibility === 'private') return [];
    if (readingActivity && !privacy.showReadingList) return [];
    return readers.audienceOf(personId);
  }

  return {
    hiddenFrom: (viewer) => (viewer ? readers.hiddenFrom(viewer.userId) : Promise.resolve([])),
    canSee: async (viewer, personId) =>
      !viewer || viewer.userId === personId || !(await readers.isBlockedEither(viewer.userId, personId)),
    accessOf,
    activitySources: (viewer) => readers.feedSources(viewer.userId),
    activityAudience,
  };
}
