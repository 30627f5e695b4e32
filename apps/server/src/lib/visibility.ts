import type { Actor } from './actor.js';

/**
 * The port of "who may see whom" that every module showing people or their words depends on (a
 * narrow `Pick<PeopleVisibility, …>`, required, never defaulted to "everyone"). The readers module
 * implements it (`modules/readers/visibility.policy.ts`, over privacy, follows and blocks); the port
 * lives here, as `ReaderEraser` does, so a module that depends on it does not import readers — which
 * itself shows other modules' things (a profile's lists and clubs).
 */

/** Who asks: a signed-in reader (an `Actor` will do), or a visitor (`null`). */
export type Viewer = Pick<Actor, 'userId'> | null;

/** A followed reader whose activity the viewer sees, and whether their reading activity shows. */
export interface ActivitySource {
  id: string;
  showReadingList: boolean;
}

export interface PeopleVisibility {
  /** Everyone blocked by or blocking the viewer (nobody for a visitor): filter people out with it. */
  hiddenFrom(viewer: Viewer): Promise<string[]>;
  /** Whether the viewer may see `personId` and their words at all (false when blocked either way). */
  canSee(viewer: Viewer, personId: string): Promise<boolean>;
  /**
   * Whose activity the viewer's feed shows: the active readers they follow whose profile is not
   * private and who are not blocked either way.
   */
  activitySources(viewer: Pick<Actor, 'userId'>): Promise<ActivitySource[]>;
  /**
   * Who may see `personId`'s activity as it happens: their followers (none blocked either way), unless
   * the profile is private or, for reading activity, the reading list is hidden.
   */
  activityAudience(personId: string, readingActivity: boolean): Promise<string[]>;
}
