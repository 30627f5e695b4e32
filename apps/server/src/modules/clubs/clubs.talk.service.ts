import {
  CLUB_LIMITS,
  type ClubMessagesQuery,
  type ClubTopicInput,
  type ClubTopicReplyInput,
  type Language,
} from '@nebab/shared';
import type { Db } from '../../db/client.js';
import { NotFoundError, RateLimitedError, ValidationError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Actor } from '../../lib/actor.js';
import type { MayPost } from '../users/posting.policy.js';
import type { PeopleVisibility } from '../../lib/visibility.js';
import type { ClubAccess } from './clubs.access.js';
import { assertCanSeeInside, assertMember } from './clubs.policy.js';
import type { ClubsRepository } from './clubs.repository.js';
import { meetingFilename, meetingIcs } from './meeting-ics.js';
import type {
  ClubTalkRepository,
  MessageWithAuthor,
  TopicReplyWithAuthor,
  TopicWithAuthor,
} from './clubs.talk.repository.js';

/** The most message ids one digest reads, the newest kept (all clubs of a node together). */
const RECENT_LIMIT = 2000;

/** A stored chat message and who must not receive it (blocked either way with its author). */
export interface SentMessage {
  stored: MessageWithAuthor;
  hiddenFrom: string[];
}

/** What is said and planned in a club: its chat, its discussion topics, its meetings. */
export function createClubTalk(deps: {
  db: Db;
  clubs: ClubsRepository;
  talk: ClubTalkRepository;
  access: ClubAccess;
  /** Chat messages per user per window (in Redis when REDIS_URL is set). */
  chatLimiter?: Pick<RateLimiter, 'hit'>;
  /** The readers blocked either way with a user (they do not see each other's messages). */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>;
  /** The posting policy: chat messages, topics and topic replies. */
  mayPost?: MayPost;
  /** A club's page, absolute, and the site's host (a meeting's calendar file names both). */
  calendarLinks: (clubId: string) => { clubUrl: string; host: string };
}) {
  const { mayPost } = deps;
  const { db, clubs, talk, chatLimiter, calendarLinks } = deps;
  const { hiddenFrom } = deps.visibility;
  const { access } = deps.access;

  // Chat -----------------------------------------------------------------------------------------

  /** Members only; ids name messages of this club (404 otherwise). */
  async function messages(
    actor: Actor,
    clubId: string,
    query: ClubMessagesQuery,
  ): Promise<{ rows: MessageWithAuthor[]; hasMore: boolean }> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    if (query.before && query.after) throw new ValidationError({ after: 'validation.invalid' });
    const cursor = query.before ?? query.after;
    let seq: number | undefined;
    if (cursor) {
      seq = await talk.messageSeq(clubId, cursor);
      if (seq === undefined)
        throw new ValidationError({ [query.before ? 'before' : 'after']: 'validation.invalid' });
    }
    return talk.messages(
      clubId,
      {
        beforeSeq: query.before ? seq : undefined,
        afterSeq: query.after ? seq : undefined,
        limit: query.limit,
      },
      await hiddenFrom(actor),
    );
  }

  /** Entering a club's chat room (socket `club:join`): members only (404 / 403 as for REST). */
  async function joinChat(actor: Actor, clubId: string): Promise<void> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
  }

  /**
   * Sends a chat message (socket `club:message`; content already validated): members only, at most
   * `CLUB_LIMITS.messagesPerWindow` per window (429 with the wait). The membership check and the
   * insert are one statement; only a refusal reads more to tell 404 from 403. Answers the stored
   * message and the readers blocked either way with its author, who must not receive it.
   */
  async function sendMessage(actor: Actor, clubId: string, content: string): Promise<SentMessage> {
    await mayPost?.(actor);
    if (chatLimiter) {
      const verdict = await chatLimiter.hit(`chat:${actor.userId}`);
      if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds, 'clubs.messageRateLimited');
    }
    const stored = await talk.insertMessageIfMember(clubId, actor.userId, content);
    if (!stored) {
      const { club, state } = await access(clubId, actor);
      assertMember(club, state);
      throw new NotFoundError();
    }
    return { stored, hiddenFrom: await hiddenFrom(actor) };
  }

  /**
   * What the chat's digest (socket `club:recent`) lists for the clubs whose rooms a node's sockets
   * are in: the ids of the messages written between `spanMs` and `settleMs` ago, oldest first, by
   * club. No actor: only sockets admitted by `joinChat` are in those rooms. Messages of a reader's
   * blocked authors are listed too; fetching them answers without them, as for any page.
   */
  async function recentMessageIds(
    clubIds: readonly string[],
    timing: { settleMs: number; spanMs: number },
  ): Promise<Map<string, string[]>> {
    const rows = await talk.recentMessageIds(clubIds, {
      fromMs: timing.spanMs,
      toMs: timing.settleMs,
      limit: RECENT_LIMIT,
    });
    const byClub = new Map<string, string[]>();
    for (const { clubId, id } of rows) {
      const ids = byClub.get(clubId);
      if (ids) ids.push(id);
      else byClub.set(clubId, [id]);
    }
    return byClub;
  }

  // Discussions ----------------------------------------------------------------------------------

  /** The club's topics for the caller: none by readers blocked either way with them. */
  async function topics(actor: Actor | null, clubId: string): Promise<TopicWithAuthor[]> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return talk.topics(clubId, await hiddenFrom(actor));
  }

  /** A topic and its replies for the caller; 404 when its author and the caller blocked each other. */
  async function topic(
    actor: Actor | null,
    clubId: string,
    topicId: string,
  ): Promise<{ topic: TopicWithAuthor; replies: TopicReplyWithAuthor[] }> {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    const hidden = await hiddenFrom(actor);
    const found = await talk.topic(clubId, topicId, hidden);
    if (!found) throw new NotFoundError();
    return { topic: found, replies: await talk.topicReplies(topicId, hidden) };
  }

  async function createTopic(actor: Actor, clubId: string, input: ClubTopicInput): Promise<TopicWithAuthor> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    await mayPost?.(actor);
    const row = await talk.insertTopic(clubId, actor.userId, input.title, input.body);
    const found = await talk.topic(clubId, row.id);
    if (!found) throw new NotFoundError();
    return found;
  }

  async function replyToTopic(
    actor: Actor,
    clubId: string,
    topicId: string,
    input: ClubTopicReplyInput,
  ): Promise<TopicReplyWithAuthor> {
    const { club, state } = await access(clubId, actor);
    assertMember(club, state);
    await mayPost?.(actor);
    if (!(await talk.topic(clubId, topicId, await hiddenFrom(actor)))) throw new NotFoundError();
    const reply = await db.transaction((tx) => talk.insertTopicReply(topicId, actor.userId, input.body, tx));
    const author = await clubs.findPerson(actor.userId);
    if (!author) throw new NotFoundError();
    return { reply, author };
  }

  // Meetings -------------------------------------------------------------------------------------

  async function meetings(actor: Actor | null, clubId: string, when: 'upcoming' | 'past') {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    return talk.meetings({ clubId }, when, CLUB_LIMITS.listMax);
  }

  /** One meeting of the club, for whoever may see the club's insides (404 otherwise, as the list). */
  async function meeting(actor: Actor | null, clubId: string, meetingId: string) {
    const { club, state } = await access(clubId, actor);
    assertCanSeeInside(club, state);
    const found = await talk.meeting(clubId, meetingId);
    if (!found) throw new NotFoundError();
    return found;
  }

  /**
   * The meeting as an iCalendar file in the reader's language, for whoever may see it (404 as for
   * `meeting`): its name and its text.
   */
  async function meetingCalendar(
    actor: Actor | null,
    clubId: string,
    meetingId: string,
    language: Language,
  ): Promise<{ filename: string; content: string }> {
    const found = await meeting(actor, clubId, meetingId);
    return {
      filename: meetingFilename(found.clubName, found.meeting.startsAt),
      content: meetingIcs({ ...found, ...calendarLinks(clubId), language }),
    };
  }

  function myMeetings(actor: Actor, when: 'upcoming' | 'past') {
    return talk.meetings({ memberId: actor.userId }, when, CLUB_LIMITS.listMax);
  }

  return {
    messages,
    joinChat,
    sendMessage,
    recentMessageIds,
    topics,
    topic,
    createTopic,
    replyToTopic,
    meetings,
    meeting,
    meetingCalendar,
    myMeetings,
  };
}
