import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clubMeetings,
  clubMemberships,
  clubMessages,
  clubs,
  clubTopicReplies,
  clubTopics,
} from '../../db/schema/index.js';

/** The reader's clubs (member, moderator or a pending request) and what they wrote there: chat messages, topics, replies, meetings. */
export async function exportClubs(db: Db, userId: string) {
  const [memberships, messages, topics, topicReplies, meetings] = await Promise.all([
    db
      .select({
        clubId: clubMemberships.clubId,
        name: clubs.name,
        state: clubMemberships.state,
        joinedAt: clubMemberships.createdAt,
      })
      .from(clubMemberships)
      .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
      .where(eq(clubMemberships.userId, userId)),
    db
      .select({
        id: clubMessages.id,
        clubId: clubMessages.clubId,
        content: clubMessages.content,
        createdAt: clubMessages.createdAt,
      })
      .from(clubMessages)
      .where(eq(clubMessages.userId, userId))
      .orderBy(clubMessages.createdAt),
    db
      .select({
        id: clubTopics.id,
        clubId: clubTopics.clubId,
        title: clubTopics.title,
        body: clubTopics.body,
        createdAt: clubTopics.createdAt,
      })
      .from(clubTopics)
      .where(eq(clubTopics.userId, userId))
      .orderBy(clubTopics.createdAt),
    db
      .select({
        id: clubTopicReplies.id,
        topicId: clubTopicReplies.topicId,
        body: clubTopicReplies.body,
        createdAt: clubTopicReplies.createdAt,
      })
      .from(clubTopicReplies)
      .where(eq(clubTopicReplies.userId, userId))
      .orderBy(clubTopicReplies.createdAt),
    db
      .select({
        id: clubMeetings.id,
        clubId: clubMeetings.clubId,
        title: clubMeetings.title,
        startsAt: clubMeetings.startsAt,
        location: clubMeetings.location,
      })
      .from(clubMeetings)
      .where(eq(clubMeetings.createdBy, userId))
      .orderBy(clubMeetings.startsAt),
  ]);
  return { memberships, messages, topics, topicReplies, meetingsCreated: meetings };
}
