import {
  DEFAULT_LANGUAGE,
  type Club,
  type ClubBook,
  type ClubJoinRequest,
  type ClubMeeting,
  type ClubMember,
  type ClubMessage,
  type ClubTopic,
  type ClubTopicDetail,
  type ClubTopicReply,
  type ClubUser,
  type Language,
  type GenreSlug,
} from '@nebab/shared';
import type { ClubMeetingRow } from '../../db/schema/index.js';
import type { BookTile } from '../books/book-card.js';
import { coverCandidates } from '../books/books.presenter.js';
import { presentReviewUser } from '../reviews/reviews.presenter.js';
import type { ClubForViewer } from './clubs.access.js';
import type { ClubPerson, MemberRow } from './clubs.repository.js';
import type { MessageWithAuthor, TopicReplyWithAuthor, TopicWithAuthor } from './clubs.talk.repository.js';

/** A person as shown; a deleted account shows as "Deleted reader". */
export function presentClubUser(person: ClubPerson, language: Language = DEFAULT_LANGUAGE): ClubUser {
  return presentReviewUser(person, language);
}

function presentBook(book: BookTile | null): ClubBook | null {
  if (!book) return null;
  const [coverImage] = coverCandidates(book, 'list');
  return { id: book.id, title: book.title, author: book.authors[0] ?? null, coverImage: coverImage ?? null };
}

export function presentMeeting(meeting: ClubMeetingRow, clubName: string): ClubMeeting {
  return {
    id: meeting.id,
    clubId: meeting.clubId,
    clubName,
    startsAt: meeting.startsAt.toISOString(),
    title: meeting.title,
    location: meeting.location,
    created_at: meeting.createdAt.toISOString(),
  };
}

/** The cover's address; the key's random part changes with each upload, so it busts caches. */
function coverUrl(clubId: string, key: string | null): string | null {
  if (!key) return null;
  const version = key.slice(key.lastIndexOf('-') + 1, key.lastIndexOf('.'));
  return `/api/clubs/${clubId}/cover?v=${encodeURIComponent(version)}`;
}

/** Spec §3 Club; outsiders of a private club get its name only. */
export function presentClub(view: ClubForViewer): Club {
  const { club } = view;
  const base = {
    id: club.id,
    name: club.name,
    visibility: club.visibility === 'private' ? ('private' as const) : ('public' as const),
    membership: view.membership,
    restricted: view.restricted,
    created_at: club.createdAt.toISOString(),
  };
  if (view.restricted) {
    return {
      ...base,
      description: null,
      genre_focus: null,
      coverImage: null,
      member_count: null,
      discussions: null,
      currentBook: null,
      nextBook: null,
      nextMeeting: null,
    };
  }
  return {
    ...base,
    description: club.description,
    genre_focus: (club.genreFocus as GenreSlug | null) ?? null,
    coverImage: coverUrl(club.id, club.coverKey),
    member_count: view.memberCount,
    discussions: view.topicCount,
    currentBook: presentBook(view.currentBook),
    nextBook: presentBook(view.nextBook),
    nextMeeting: view.nextMeeting ? presentMeeting(view.nextMeeting, club.name) : null,
  };
}

export function presentMember(row: MemberRow, language: Language): ClubMember {
  return {
    ...presentClubUser(row.user, language),
    role: row.state === 'moderator' ? 'moderator' : 'member',
    joined_at: row.since.toISOString(),
  };
}

export function presentJoinRequest(row: MemberRow, language: Language): ClubJoinRequest {
  return { user: presentClubUser(row.user, language), requested_at: row.since.toISOString() };
}

/** Spec §3 Club message. */
export function presentMessage({ message, author }: MessageWithAuthor, language: Language): ClubMessage {
  return {
    id: message.id,
    clubId: message.clubId,
    user: presentClubUser(author, language),
    content: message.content,
    created_at: message.createdAt.toISOString(),
  };
}

export function presentTopic({ topic, author, replyCount }: TopicWithAuthor, language: Language): ClubTopic {
  return {
    id: topic.id,
    clubId: topic.clubId,
    title: topic.title,
    body: topic.body,
    user: presentClubUser(author, language),
    reply_count: replyCount,
    created_at: topic.createdAt.toISOString(),
    last_activity_at: topic.lastActivityAt.toISOString(),
  };
}

export function presentTopicReply(
  { reply, author }: TopicReplyWithAuthor,
  language: Language,
): ClubTopicReply {
  return {
    id: reply.id,
    topicId: reply.topicId,
    user: presentClubUser(author, language),
    body: reply.body,
    created_at: reply.createdAt.toISOString(),
  };
}

export function presentTopicDetail(
  topic: TopicWithAuthor,
  replies: TopicReplyWithAuthor[],
  language: Language,
): ClubTopicDetail {
  return {
    ...presentTopic(topic, language),
    replies: replies.map((reply) => presentTopicReply(reply, language)),
  };
}
