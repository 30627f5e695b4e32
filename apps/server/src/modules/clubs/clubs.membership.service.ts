import type { ClubJoinDecision, ClubRole } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { Actor } from '../../lib/actor.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import { runAfterCommit, type AfterCommit, type ClubAccess, type ClubForViewer } from './clubs.access.js';
import { assertCanSeeInside, assertModerator, isMember } from './clubs.policy.js';
import type { ClubsRepository, MemberRow } from './clubs.repository.js';

/**
 * Who belongs to a club: joining (at once, or a request a moderator decides), leaving, roles and
 * removals. Changes run in a transaction on the locked club row; events go out after commit.
 */
export function createClubMembership(deps: {
  db: Db;
  clubs: ClubsRepository;
  access: ClubAccess;
  /** The club's cover, removed with the club when its last member leaves. */
  storage: Storage;
  events: DomainEvents;
  /** The readers blocked either way with a user: neither sees the other in a member list. */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>;
}) {
  const { db, clubs, storage, events } = deps;
  const { hiddenFrom } = deps.visibility;
  const { access, lockedAccess, oneForViewer } = deps.access;

  /** Public club: member at once. Private: a pending request (moderators hear of it). Idempotent. */
  async function join(actor: Actor, clubId: string): Promise<ClubForViewer> {
    const after: AfterCommit = [];
    const hidden = await hiddenFrom(actor);
    const result = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      if (club.visibility === 'public') {
        if (!isMember(state)) {
          await clubs.setMembership(clubId, actor.userId, 'member', tx);
          const { moderators } = await clubs.memberIds(clubId, tx);
          const payload = {
            clubId,
            clubName: club.name,
            userId: actor.userId,
            visibility: 'public' as const,
            moderatorIds: moderators,
          };
          after.push(() => events.emit('club.memberJoined', payload));
        }
      } else if (state === null) {
        await clubs.setMembership(clubId, actor.userId, 'pending', tx);
        const { moderators } = await clubs.memberIds(clubId, tx);
        const payload = { clubId, clubName: club.name, actorId: actor.userId, moderatorIds: moderators };
        after.push(() => events.emit('club.joinRequested', payload));
      }
      return oneForViewer(club, actor.userId, tx, hidden);
    });
    await runAfterCommit(after);
    return result;
  }

  /**
   * Leave (or withdraw a request). The last moderator cannot leave while other members remain
   * (409); when the last member leaves, the club is deleted with everything in it.
   */
  async function leave(actor: Actor, clubId: string): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      if (state === null) return { wasMember: false, removedCover: null, moderatorIds: [] };
      const wasMember = isMember(state);
      const { members, moderators } = await clubs.memberIds(clubId, tx);
      if (wasMember) {
        if (members.length === 1) {
          await clubs.remove(clubId, tx);
          return { wasMember, removedCover: club.coverKey, moderatorIds: [] };
        }
        if (state === 'moderator' && moderators.length === 1) throw new ConflictError('clubs.lastModerator');
      }
      await clubs.deleteMembership(clubId, actor.userId, tx);
      return { wasMember, removedCover: null, moderatorIds: moderators.filter((id) => id !== actor.userId) };
    });
    if (outcome.removedCover) await storage.remove(outcome.removedCover).catch(() => undefined);
    if (outcome.wasMember)
      await events.emit('club.memberLeft', {
        clubId,
        userId: actor.userId,
        removedBy: null,
        moderatorIds: outcome.moderatorIds,
      });
  }

  /** The members as the caller may see them: none blocked either way with the caller. */
  async function members(actor: Actor | null, clubId: string): Promise<MemberRow[]> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return clubs.members(clubId, 'members', db, await hiddenFrom(actor));
  }

  /** Promote or demote a member; the last moderator cannot be demoted. */
  async function setRole(actor: Actor, clubId: string, userId: string, role: ClubRole): Promise<MemberRow> {
    return db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      const target = await clubs.membershipOf(clubId, userId, tx);
      if (!isMember(target)) throw new NotFoundError('clubs.notAMember');
      if (target === 'moderator' && role === 'member') {
        const { moderators } = await clubs.memberIds(clubId, tx);
        if (moderators.length === 1) throw new ConflictError('clubs.lastModerator');
      }
      if (target !== role) await clubs.setMembership(clubId, userId, role, tx);
      const row = (await clubs.members(clubId, 'members', tx)).find((member) => member.user.id === userId);
      if (!row) throw new NotFoundError('clubs.notAMember');
      return row;
    });
  }

  /** A moderator removes a member (not a moderator: demote first). */
  async function removeMember(actor: Actor, clubId: string, userId: string): Promise<void> {
    const moderatorIds = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      const target = await clubs.membershipOf(clubId, userId, tx);
      if (!isMember(target)) throw new NotFoundError('clubs.notAMember');
      if (target === 'moderator') throw new ConflictError('clubs.removeModerator');
      await clubs.deleteMembership(clubId, userId, tx);
      return (await clubs.memberIds(clubId, tx)).moderators;
    });
    await events.emit('club.memberLeft', { clubId, userId, removedBy: actor.userId, moderatorIds });
  }

  /** Pending requests (moderators), none from readers blocked either way with the moderator. */
  async function requests(actor: Actor, clubId: string): Promise<MemberRow[]> {
    const { club, state } = await access(clubId, actor);
    assertModerator(club, state);
    return clubs.members(clubId, 'pending', db, await hiddenFrom(actor));
  }

  async function decide(
    actor: Actor,
    clubId: string,
    userId: string,
    input: ClubJoinDecision,
  ): Promise<void> {
    const approved = input.decision === 'approve';
    const { club, moderatorIds } = await db.transaction(async (tx) => {
      const { club, state } = await lockedAccess(clubId, actor, tx);
      assertModerator(club, state);
      if ((await clubs.membershipOf(clubId, userId, tx)) !== 'pending')
        throw new NotFoundError('clubs.noRequest');
      if (approved) await clubs.approve(clubId, userId, tx);
      else await clubs.deleteMembership(clubId, userId, tx);
      return { club, moderatorIds: (await clubs.memberIds(clubId, tx)).moderators };
    });
    await events.emit('club.joinDecided', { clubId, clubName: club.name, userId, approved });
    if (approved)
      await events.emit('club.memberJoined', {
        clubId,
        clubName: club.name,
        userId,
        visibility: club.visibility === 'private' ? 'private' : 'public',
        moderatorIds,
      });
  }

  return { join, leave, members, setRole, removeMember, requests, decide };
}
