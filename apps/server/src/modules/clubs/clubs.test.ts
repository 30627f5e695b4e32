import type {
  Club,
  ClubJoinRequestList,
  ClubList,
  ClubMeetingList,
  ClubMember,
  ClubMemberList,
  ClubMessageList,
  ClubTopic,
  ClubTopicDetail,
  ClubTopicList,
  ClubTopicReply,
  ErrorBody,
} from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_LIMITS } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { clubMeetings, clubMemberships, clubs } from '../../db/schema/index.js';
import type { DomainEventMap, DomainEventName } from '../../lib/domain-events.js';
import { createClub, insertBook } from '../../../test/clubs-helpers.js';
import { signUp, startTestServer, type TestServer } from '../../../test/helpers.js';
import { JPEG, PNG } from '../../../test/upload-fixtures.js';

let server: TestServer;
let bookA: string;
let bookB: string;

beforeAll(async () => {
  server = await startTestServer();
  bookA = await insertBook(server.db, 'Fikir Eske Mekabir');
  bookB = await insertBook(server.db, 'Oromay', 'Bealu Girma');
});
afterAll(() => server?.close());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

type Account = Awaited<ReturnType<typeof signUp>>;
const reader = () => signUp(server);

/** Records the domain events of `names` emitted while `action` runs. */
async function recordEvents<K extends DomainEventName>(
  names: K[],
  action: () => Promise<unknown>,
): Promise<Array<{ name: K; payload: DomainEventMap[K] }>> {
  const seen: Array<{ name: K; payload: DomainEventMap[K] }> = [];
  const stops = names.map((name) =>
    server.app.services.events.on(name, (payload) => {
      seen.push({ name, payload });
    }),
  );
  try {
    await action();
  } finally {
    for (const stop of stops) stop();
  }
  return seen;
}

function api(token?: string) {
  return {
    get: (id: string) => server.request<Club & ErrorBody>(`/api/clubs/${id}`, { token }),
    search: (query: string) => server.request<ClubList & ErrorBody>(`/api/clubs?${query}`, { token }),
    patch: (id: string, body: unknown, lang?: 'en' | 'am') =>
      server.request<Club & ErrorBody>(`/api/clubs/${id}`, { method: 'PATCH', token, body, lang }),
    join: (id: string) =>
      server.request<Club & ErrorBody>(`/api/clubs/${id}/join`, { method: 'POST', token }),
    leave: (id: string, lang?: 'en' | 'am') =>
      server.request<ErrorBody>(`/api/clubs/${id}/membership`, { method: 'DELETE', token, lang }),
    members: (id: string) =>
      server.request<ClubMemberList & ErrorBody>(`/api/clubs/${id}/members`, { token }),
    setRole: (id: string, userId: string, role: string) =>
      server.request<ClubMember & ErrorBody>(`/api/clubs/${id}/members/${userId}`, {
        method: 'PATCH',
        token,
        body: { role },
      }),
    remove: (id: string, userId: string) =>
      server.request<ErrorBody>(`/api/clubs/${id}/members/${userId}`, { method: 'DELETE', token }),
    requests: (id: string) =>
      server.request<ClubJoinRequestList & ErrorBody>(`/api/clubs/${id}/requests`, { token }),
    decide: (id: string, userId: string, decision: string) =>
      server.request<ErrorBody>(`/api/clubs/${id}/requests/${userId}`, { token, body: { decision } }),
    messages: (id: string, query = '') =>
      server.request<ClubMessageList & ErrorBody>(`/api/clubs/${id}/messages${query}`, { token }),
    topics: (id: string) => server.request<ClubTopicList & ErrorBody>(`/api/clubs/${id}/topics`, { token }),
    topic: (id: string, topicId: string) =>
      server.request<ClubTopicDetail & ErrorBody>(`/api/clubs/${id}/topics/${topicId}`, { token }),
    createTopic: (id: string, body: unknown) =>
      server.request<ClubTopic & ErrorBody>(`/api/clubs/${id}/topics`, { token, body }),
    replyTopic: (id: string, topicId: string, body: unknown) =>
      server.request<ClubTopicReply & ErrorBody>(`/api/clubs/${id}/topics/${topicId}/replies`, {
        token,
        body,
      }),
    meetings: (id: string, when = 'upcoming') =>
      server.request<ClubMeetingList & ErrorBody>(`/api/clubs/${id}/meetings?when=${when}`, { token }),
    events: (when = 'upcoming') =>
      server.request<ClubMeetingList & ErrorBody>(`/api/clubs/events?when=${when}`, { token }),
  };
}

/** A club whose moderator is `owner`, with `members` joined (or approved for a private club). */
async function clubWith(owner: Account, members: Account[], fields: Record<string, unknown> = {}) {
  const club = await createClub(server.request, owner.token, fields);
  for (const member of members) {
    await api(member.token).join(club.id);
    if (club.visibility === 'private')
      expect((await api(owner.token).decide(club.id, member.response.user.id, 'approve')).status).toBe(204);
  }
  return club;
}

describe('creating clubs', () => {
  it('needs a signed-in reader (401 with the clubs message)', async () => {
    const result = await server.request<ErrorBody>('/api/clubs', { body: { name: 'Readers' } });
    expect(result.status).toBe(401);
    expect(result.body.error.message).toBe('Please log in to join or manage book clubs');
  });

  it('validates name, visibility and genre focus, with translated messages', async () => {
    const { token } = await reader();
    const bad = await server.request<ErrorBody>('/api/clubs', {
      token,
      body: { name: ' ab ', visibility: 'secret', genre_focus: 'cooking' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      name: 'The club name must be at least 3 characters',
      visibility: 'This value is not valid',
      genre_focus: 'Please choose one of the listed genres',
    });
    const amharic = await server.request<ErrorBody>('/api/clubs', { token, body: {}, lang: 'am' });
    expect(amharic.status).toBe(400);
    expect(amharic.body.error.fields?.name).toBe('እባክዎ የክበቡን ስም ያስገቡ');
    const long = await server.request<ErrorBody>('/api/clubs', {
      token,
      body: { name: 'Readers', description: 'x'.repeat(2001) },
    });
    expect(long.body.error.fields?.description).toBe('The description can be at most 2000 characters');
  });

  it('makes the creator the moderator and trims the fields', async () => {
    const owner = await reader();
    const created = await server.request<Club>('/api/clubs', {
      token: owner.token,
      body: { name: '  Addis Readers  ', description: ' Classics monthly ', genre_focus: 'classics' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Addis Readers',
      description: 'Classics monthly',
      visibility: 'public',
      genre_focus: 'classics',
      member_count: 1,
      discussions: 0,
      membership: 'moderator',
      restricted: false,
      currentBook: null,
      nextMeeting: null,
      coverImage: null,
    });
    const members = await api().members(created.body.id);
    expect(members.body.items).toEqual([
      expect.objectContaining({ id: owner.response.user.id, name: 'Abebe Bikila', role: 'moderator' }),
    ]);
    expect((await api().get(created.body.id)).body.membership).toBe('none');
    expect((await api().get(MISSING_ID)).status).toBe(404);
  });

  /** `count` clubs created in parallel by one reader: the statuses, and one refusal's answer. */
  async function createInParallel(token: string, count: number, lang?: 'am') {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        server.request<Club & ErrorBody>('/api/clubs', {
          token,
          lang,
          body: { name: `Spam club ${i}`, visibility: 'public' },
        }),
      ),
    );
    const refused = answers.find((answer) => answer.status === 429);
    return {
      created: answers.filter((answer) => answer.status === 201).length,
      refused: answers.filter((answer) => answer.status === 429).length,
      other: answers.filter((answer) => answer.status !== 201 && answer.status !== 429).map((a) => a.status),
      refusal: refused,
    };
  }

  it(`caps clubs started in a day at ${CLUB_LIMITS.createdPerDay} per reader, under 40 parallel requests`, async () => {
    const spammer = await reader();
    const burst = await createInParallel(spammer.token, 40);
    expect(burst).toMatchObject({
      created: CLUB_LIMITS.createdPerDay,
      refused: 40 - CLUB_LIMITS.createdPerDay,
    });
    expect(burst.other).toEqual([]);
    expect(burst.refusal!.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: `You have started ${CLUB_LIMITS.createdPerDay} clubs in the last 24 hours, the most one reader can. You can start another one tomorrow.`,
    });
    const retryAfter = Number(burst.refusal!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const mine = await server.request<ClubList>('/api/clubs?mine=true', { token: spammer.token });
    expect(mine.body.items).toHaveLength(CLUB_LIMITS.createdPerDay);
    const am = await createInParallel(spammer.token, 1, 'am');
    expect(am.refusal!.body.error.message).toBe(
      `ባለፉት 24 ሰዓታት ${CLUB_LIMITS.createdPerDay} ክበቦችን ጀምረዋል፤ አንድ አንባቢ በቀን ከዚህ በላይ መጀመር አይችልም። ነገ ሌላ ክበብ መጀመር ይችላሉ።`,
    );
    // A day later the reader may start clubs again (another reader was never held back).
    await server.db
      .update(clubs)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(clubs.createdBy, spammer.response.user.id));
    expect((await createInParallel(spammer.token, 3)).created).toBe(3);
    expect((await createInParallel((await reader()).token, 2)).created).toBe(2);
  });

  it(`caps the clubs one reader owns (moderates) at ${CLUB_LIMITS.ownedMax}, under parallel requests`, async () => {
    const owner = await reader();
    const ownerId = owner.response.user.id;
    // Clubs started long ago (the daily cap is not what stops them).
    const old = new Date(Date.now() - 30 * 24 * 3600_000);
    const earlier = await server.db
      .insert(clubs)
      .values(
        Array.from({ length: CLUB_LIMITS.ownedMax - 2 }, (_, i) => ({
          name: `Old club ${i}`,
          createdBy: ownerId,
          createdAt: old,
        })),
      )
      .returning({ id: clubs.id });
    await server.db
      .insert(clubMemberships)
      .values(earlier.map(({ id }) => ({ clubId: id, userId: ownerId, state: 'moderator' })));
    const burst = await createInParallel(owner.token, 12);
    expect(burst).toMatchObject({ created: 2, refused: 10, other: [] });
    expect(burst.refusal!.body.error.message).toBe(
      `You already run ${CLUB_LIMITS.ownedMax} clubs, the most one reader can. Make another member a moderator and step down, or close a club, before you start a new one.`,
    );
    const am = await createInParallel(owner.token, 1, 'am');
    expect(am.refusal!.body.error.message).toBe(
      `አንድ አንባቢ ሊያስተዳድር የሚችለውን ያህል ${CLUB_LIMITS.ownedMax} ክበቦችን እያስተዳደሩ ነው። አዲስ ክበብ ከመጀመርዎ በፊት ሌላ አባል አወያይ አድርገው ይልቀቁ ወይም አንድ ክበብ ይዝጉ።`,
    );
    // Leaving one (its last member: the club closes) makes room for one more.
    expect((await api(owner.token).leave(earlier[0]!.id)).status).toBe(204);
    expect((await createInParallel(owner.token, 3)).created).toBe(1);
  });
});

describe('search', () => {
  it('finds clubs by name or current book title; mine and genre filter', async () => {
    const owner = await reader();
    const tag = `zq${Date.now().toString(36)}`;
    const byName = await createClub(server.request, owner.token, {
      name: `Sunday ${tag}`,
      genre_focus: 'poetry',
    });
    const bookTitle = `The ${tag} Chronicle`;
    const book = await insertBook(server.db, bookTitle);
    const byBook = await createClub(server.request, owner.token, { name: 'Evening circle' });
    expect((await api(owner.token).patch(byBook.id, { currentBookId: book })).status).toBe(200);
    const hidden = await createClub(server.request, owner.token, {
      name: `Secret ${tag}`,
      visibility: 'private',
      genre_focus: 'poetry',
    });
    const hiddenByBook = await createClub(server.request, owner.token, {
      name: 'Quiet room',
      visibility: 'private',
    });
    await api(owner.token).patch(hiddenByBook.id, { currentBookId: book });

    const anonymous = await api().search(`q=${tag}`);
    expect(anonymous.status).toBe(200);
    const ids = anonymous.body.items.map((club) => club.id);
    expect(ids).toEqual(expect.arrayContaining([byName.id, byBook.id, hidden.id]));
    // A private club's book is not searchable by outsiders.
    expect(ids).not.toContain(hiddenByBook.id);
    expect(anonymous.body.items.find((club) => club.id === byBook.id)?.currentBook).toMatchObject({
      id: book,
      title: bookTitle,
      author: 'Haddis Alemayehu',
    });
    // Private clubs show their name only to outsiders.
    const secret = anonymous.body.items.find((club) => club.id === hidden.id);
    expect(secret).toMatchObject({
      name: `Secret ${tag}`,
      restricted: true,
      description: null,
      member_count: null,
      membership: 'none',
    });
    // Members see a private club in full, and find it by its book.
    const mine = await api(owner.token).search(`q=${tag}`);
    expect(mine.body.items.map((club) => club.id)).toContain(hiddenByBook.id);
    expect(mine.body.items.find((club) => club.id === hidden.id)).toMatchObject({
      restricted: false,
      description: 'We read together.',
      membership: 'moderator',
    });

    const other = await reader();
    await api(other.token).join(byName.id);
    const otherMine = await api(other.token).search('mine=true');
    expect(otherMine.body.items.map((club) => club.id)).toEqual([byName.id]);
    expect((await api().search('mine=true')).body.items).toEqual([]);

    const poetry = await api().search(`genre=poetry&q=${tag}`);
    expect(poetry.body.items.map((club) => club.id)).toEqual([byName.id]);
    expect((await api().search('genre=cooking')).status).toBe(400);
  });

  it('treats LIKE wildcards in q as text', async () => {
    const owner = await reader();
    const club = await createClub(server.request, owner.token, { name: '100% Readers' });
    const found = await api().search(`q=${encodeURIComponent('100%')}`);
    expect(found.body.items.map((item) => item.id)).toContain(club.id);
    const none = await api().search(`q=${encodeURIComponent('%_%_%_%_%zz')}`);
    expect(none.body.items).toEqual([]);
  });
});

describe('membership', () => {
  it('joins a public club at once, idempotently, and lists members with roles', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await createClub(server.request, owner.token);
    expect((await server.request(`/api/clubs/${club.id}/join`, { method: 'POST' })).status).toBe(401);
    const joined = await api(member.token).join(club.id);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ membership: 'member', member_count: 2 });
    expect((await api(member.token).join(club.id)).body).toMatchObject({
      membership: 'member',
      member_count: 2,
    });
    const members = await api().members(club.id);
    expect(members.body.items.map((item) => [item.id, item.role])).toEqual([
      [owner.response.user.id, 'moderator'],
      [member.response.user.id, 'member'],
    ]);
  });

  it('keeps the last moderator while others remain; the last member leaving deletes the club', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await clubWith(owner, [member]);
    const refused = await api(owner.token).leave(club.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "You are the club's only moderator. Make another member a moderator before you leave.",
    );
    expect((await api(owner.token).setRole(club.id, owner.response.user.id, 'member')).status).toBe(409);
    // Members cannot change roles.
    expect((await api(member.token).setRole(club.id, member.response.user.id, 'moderator')).status).toBe(403);
    const promoted = await api(owner.token).setRole(club.id, member.response.user.id, 'moderator');
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('moderator');
    expect((await api(owner.token).leave(club.id)).status).toBe(204);
    expect((await api(owner.token).get(club.id)).body.membership).toBe('none');
    // Leaving again is a no-op.
    expect((await api(owner.token).leave(club.id)).status).toBe(204);
    expect((await api(member.token).leave(club.id)).status).toBe(204);
    expect((await api().get(club.id)).status).toBe(404);
  });

  it('lets moderators remove members (not moderators), who then lose access', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await clubWith(owner, [member], { visibility: 'private' });
    expect((await api(member.token).messages(club.id)).status).toBe(200);
    expect((await api(member.token).remove(club.id, owner.response.user.id)).status).toBe(403);
    expect((await api(owner.token).remove(club.id, owner.response.user.id)).status).toBe(409);
    const left = await recordEvents(['club.memberLeft'], async () => {
      expect((await api(owner.token).remove(club.id, member.response.user.id)).status).toBe(204);
    });
    expect(left).toEqual([
      {
        name: 'club.memberLeft',
        payload: {
          clubId: club.id,
          userId: member.response.user.id,
          removedBy: owner.response.user.id,
          moderatorIds: [owner.response.user.id],
        },
      },
    ]);
    expect((await api(member.token).messages(club.id)).status).toBe(404);
    expect((await api(owner.token).remove(club.id, member.response.user.id)).status).toBe(404);
  });
});

describe('private clubs', () => {
  it('hide everything but the name from outsiders', async () => {
    const owner = await reader();
    const outsider = await reader();
    const club = await createClub(server.request, owner.token, {
      visibility: 'private',
      name: 'Inner circle',
    });
    const seen = await api(outsider.token).get(club.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(
      expect.objectContaining({
        name: 'Inner circle',
        restricted: true,
        description: null,
        member_count: null,
        discussions: null,
        currentBook: null,
        nextMeeting: null,
        coverImage: null,
      }),
    );
    for (const response of [
      await api(outsider.token).members(club.id),
      await api(outsider.token).messages(club.id),
      await api(outsider.token).topics(club.id),
      await api(outsider.token).meetings(club.id),
      await api().members(club.id),
    ]) {
      expect(response.status).toBe(404);
    }
  });

  it('turn a join into a request that moderators approve or decline', async () => {
    const owner = await reader();
    const applicant = await reader();
    const declined = await reader();
    const club = await createClub(server.request, owner.token, { visibility: 'private' });

    const requested = await recordEvents(['club.joinRequested'], async () => {
      const result = await api(applicant.token).join(club.id);
      expect(result.body).toMatchObject({ membership: 'pending', restricted: true });
    });
    expect(requested).toEqual([
      {
        name: 'club.joinRequested',
        payload: {
          clubId: club.id,
          clubName: club.name,
          actorId: applicant.response.user.id,
          moderatorIds: [owner.response.user.id],
        },
      },
    ]);
    await api(declined.token).join(club.id);

    expect((await api(applicant.token).requests(club.id)).status).toBe(404);
    const pending = await api(owner.token).requests(club.id);
    expect(pending.body.items.map((item) => item.user.id)).toEqual([
      applicant.response.user.id,
      declined.response.user.id,
    ]);
    expect((await api(owner.token).decide(club.id, applicant.response.user.id, 'maybe')).status).toBe(400);

    const decided = await recordEvents(['club.joinDecided'], async () => {
      expect((await api(owner.token).decide(club.id, applicant.response.user.id, 'approve')).status).toBe(
        204,
      );
      expect((await api(owner.token).decide(club.id, declined.response.user.id, 'decline')).status).toBe(204);
    });
    expect(decided.map((event) => event.payload)).toEqual([
      { clubId: club.id, clubName: club.name, userId: applicant.response.user.id, approved: true },
      { clubId: club.id, clubName: club.name, userId: declined.response.user.id, approved: false },
    ]);
    expect((await api(owner.token).decide(club.id, declined.response.user.id, 'approve')).status).toBe(404);
    expect((await api(applicant.token).get(club.id)).body).toMatchObject({
      membership: 'member',
      restricted: false,
      member_count: 2,
    });
    expect((await api(declined.token).get(club.id)).body.membership).toBe('none');
    expect((await api(owner.token).requests(club.id)).body.items).toEqual([]);
  });

  it('lets an applicant withdraw the request', async () => {
    const owner = await reader();
    const applicant = await reader();
    const club = await createClub(server.request, owner.token, { visibility: 'private' });
    await api(applicant.token).join(club.id);
    expect((await api(applicant.token).leave(club.id)).status).toBe(204);
    expect((await api(owner.token).requests(club.id)).body.items).toEqual([]);
  });
});

describe('moderator settings', () => {
  it('are for moderators only: 401 anonymous, 403 members and outsiders of public clubs, 404 private', async () => {
    const owner = await reader();
    const member = await reader();
    const outsider = await reader();
    const open = await clubWith(owner, [member]);
    const closed = await clubWith(owner, [member], { visibility: 'private' });
    expect((await api().patch(open.id, { nextBookId: bookA })).status).toBe(401);
    expect((await api(member.token).patch(open.id, { nextBookId: bookA })).status).toBe(403);
    expect((await api(outsider.token).patch(open.id, { nextBookId: bookA })).status).toBe(403);
    const memberOfPrivate = await api(member.token).patch(closed.id, { nextBookId: bookA });
    expect(memberOfPrivate.status).toBe(403);
    expect(memberOfPrivate.body.error.message).toBe("Only the club's moderators can do that");
    expect((await api(outsider.token).patch(closed.id, { nextBookId: bookA })).status).toBe(404);
    expect((await api(owner.token).patch(MISSING_ID, { nextBookId: bookA })).status).toBe(404);
    expect((await api(owner.token).get(open.id)).body.nextBook).toBeNull();
  });

  it('save current book, next book and next meeting, announce them after commit, and show them to members', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await clubWith(owner, [member], { visibility: 'private' });
    const startsAt = inAnHour();
    const events = await recordEvents(['club.currentBookChanged', 'club.meetingScheduled'], async () => {
      const saved = await api(owner.token).patch(club.id, {
        currentBookId: bookA,
        nextBookId: bookB,
        nextMeeting: { startsAt, title: 'Chapter 1–5', location: 'https://meet.example.org/x' },
      });
      expect(saved.status).toBe(200);
    });
    expect(events).toEqual([
      {
        name: 'club.currentBookChanged',
        payload: {
          clubId: club.id,
          clubName: club.name,
          bookId: bookA,
          bookTitle: 'Fikir Eske Mekabir',
          memberIds: expect.arrayContaining([owner.response.user.id, member.response.user.id]),
          actorId: owner.response.user.id,
        },
      },
      {
        name: 'club.meetingScheduled',
        payload: {
          clubId: club.id,
          clubName: club.name,
          startsAt,
          memberIds: expect.arrayContaining([owner.response.user.id, member.response.user.id]),
          actorId: owner.response.user.id,
        },
      },
    ]);
    const seen = await api(member.token).get(club.id);
    expect(seen.body).toMatchObject({
      currentBook: { id: bookA, title: 'Fikir Eske Mekabir', author: 'Haddis Alemayehu' },
      nextBook: { id: bookB, title: 'Oromay', author: 'Bealu Girma' },
      nextMeeting: {
        startsAt,
        title: 'Chapter 1–5',
        location: 'https://meet.example.org/x',
        clubId: club.id,
      },
    });
    // The same book again is no change: no event.
    const again = await recordEvents(['club.currentBookChanged'], () =>
      api(owner.token).patch(club.id, { currentBookId: bookA }),
    );
    expect(again).toEqual([]);
    // Moving the meeting updates the one upcoming meeting.
    const later = new Date(Date.now() + 7200_000).toISOString();
    await api(owner.token).patch(club.id, { nextMeeting: { startsAt: later } });
    const upcoming = await api(member.token).meetings(club.id);
    expect(upcoming.body.items).toEqual([
      expect.objectContaining({ startsAt: later, title: null, location: null, clubName: club.name }),
    ]);
    // Clearing.
    const cleared = await api(owner.token).patch(club.id, { nextBookId: null, nextMeeting: null });
    expect(cleared.body).toMatchObject({ nextBook: null, nextMeeting: null });
  });

  it('refuse unknown books and meetings in the past, field by field', async () => {
    const owner = await reader();
    const club = await createClub(server.request, owner.token);
    const unknown = await api(owner.token).patch(club.id, { currentBookId: 'no-such-book' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ currentBookId: 'This book is not in the catalogue' });
    const past = await api(owner.token).patch(club.id, {
      nextMeeting: { startsAt: '2020-01-01T10:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields?.nextMeeting).toBe('The meeting must be in the future');
    const notADate = await api(owner.token).patch(club.id, { nextMeeting: { startsAt: 'tomorrow' } }, 'am');
    expect(notADate.body.error.fields?.nextMeeting).toBe('እባክዎ ትክክለኛ ቀንና ሰዓት ያስገቡ');
    // Nothing was saved by the refused requests.
    expect((await api(owner.token).get(club.id)).body).toMatchObject({
      currentBook: null,
      nextMeeting: null,
    });
  });
});

describe('events (meetings)', () => {
  it('lists a club’s upcoming and past meetings, and the caller’s across clubs', async () => {
    const owner = await reader();
    const club = await createClub(server.request, owner.token);
    const other = await createClub(server.request, owner.token);
    await api(owner.token).patch(club.id, { nextMeeting: { startsAt: inAnHour(), title: 'Next' } });
    await api(owner.token).patch(other.id, { nextMeeting: { startsAt: inAnHour(), title: 'Other' } });
    await server.db.insert(clubMeetings).values([
      { clubId: club.id, startsAt: new Date(Date.now() - 86_400_000), title: 'Yesterday' },
      { clubId: club.id, startsAt: new Date(Date.now() - 2 * 86_400_000), title: 'Before' },
    ]);
    expect((await api().meetings(club.id, 'past')).body.items.map((item) => item.title)).toEqual([
      'Yesterday',
      'Before',
    ]);
    expect((await api().meetings(club.id)).body.items.map((item) => item.title)).toEqual(['Next']);
    expect((await api().meetings(club.id, 'soon')).status).toBe(400);
    const mine = await api(owner.token).events();
    expect(mine.body.items.map((item) => item.title).sort()).toEqual(['Next', 'Other']);
    expect((await api().events()).status).toBe(401);
    const stranger = await reader();
    expect((await api(stranger.token).events()).body.items).toEqual([]);
  });
});

describe('discussions', () => {
  it('lets members open topics and reply; anyone reads a public club’s topics, newest activity first', async () => {
    const owner = await reader();
    const member = await reader();
    const outsider = await reader();
    const club = await clubWith(owner, [member]);
    const first = await api(owner.token).createTopic(club.id, {
      title: ' Ending? ',
      body: 'What did you think?',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Ending?',
      reply_count: 0,
      user: { id: owner.response.user.id },
    });
    const second = await api(member.token).createTopic(club.id, { title: 'Characters', body: 'Favourite?' });
    expect(second.status).toBe(201);

    expect((await api(outsider.token).createTopic(club.id, { title: 'Hi', body: 'Let me in' })).status).toBe(
      403,
    );
    expect((await api().createTopic(club.id, { title: 'Hi', body: 'x' })).status).toBe(401);
    const blank = await api(member.token).createTopic(club.id, { title: '  ', body: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({
      title: 'Please enter a title',
      body: 'Please write something to start the discussion',
    });

    const reply = await api(member.token).replyTopic(club.id, first.body.id, {
      body: 'Loved it <b>really</b>',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.body).toBe('Loved it <b>really</b>');
    expect((await api(outsider.token).replyTopic(club.id, first.body.id, { body: 'me too' })).status).toBe(
      403,
    );
    expect((await api(member.token).replyTopic(club.id, MISSING_ID, { body: 'me too' })).status).toBe(404);

    const list = await api().topics(club.id);
    expect(list.body.items.map((topic) => [topic.id, topic.reply_count])).toEqual([
      [first.body.id, 1],
      [second.body.id, 0],
    ]);
    const detail = await api(outsider.token).topic(club.id, first.body.id);
    expect(detail.body.replies.map((item) => item.body)).toEqual(['Loved it <b>really</b>']);
    expect((await api().get(club.id)).body.discussions).toBe(2);
    // A topic of another club is not found under this one.
    const otherClub = await createClub(server.request, owner.token);
    expect((await api().topic(otherClub.id, first.body.id)).status).toBe(404);
  });

  it('are members-only in private clubs', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await clubWith(owner, [member], { visibility: 'private' });
    const topic = await api(member.token).createTopic(club.id, { title: 'Inside', body: 'Only us' });
    expect(topic.status).toBe(201);
    expect((await api().topic(club.id, topic.body.id)).status).toBe(404);
    expect((await api(member.token).topic(club.id, topic.body.id)).body.title).toBe('Inside');
  });
});

describe('readers who blocked each other', () => {
  it('see neither the other in member lists and requests, nor their topics and replies, and the counts agree', async () => {
    const [moderator, blocker, blocked, member] = await Promise.all([reader(), reader(), reader(), reader()]);
    const club = await clubWith(moderator, [blocker, blocked, member]);
    const blockedId = blocked.response.user.id;
    const blockerId = blocker.response.user.id;
    const topicOf = async (who: Account, title: string) =>
      (await api(who.token).createTopic(club.id, { title, body: 'Let us talk.' })).body;
    const general = await topicOf(moderator, 'General');
    const byBlocked = await topicOf(blocked, 'The blocked reader’s topic');
    const byBlocker = await topicOf(blocker, 'The blocker’s topic');
    for (const who of [blocked, blocker, member])
      expect((await api(who.token).replyTopic(club.id, general.id, { body: 'A reply' })).status).toBe(201);
    const block = await server.request(`/api/readers/${blockedId}/block`, {
      method: 'POST',
      token: blocker.token,
    });
    expect(block.status).toBe(204);

    for (const [viewer, other, theirTopic] of [
      [blocker, blockedId, byBlocked],
      [blocked, blockerId, byBlocker],
    ] as const) {
      const as = api(viewer.token);
      const members = (await as.members(club.id)).body.items.map((item) => item.id);
      expect(members).not.toContain(other);
      expect(members).toHaveLength(3);
      const topics = (await as.topics(club.id)).body.items;
      expect(topics.map((topic) => topic.id)).not.toContain(theirTopic.id);
      expect(topics.find((topic) => topic.id === general.id)?.reply_count).toBe(2);
      const detail = (await as.topic(club.id, general.id)).body;
      expect(detail.replies.map((reply) => reply.user.id)).not.toContain(other);
      expect(detail.replies).toHaveLength(2);
      expect((await as.topic(club.id, theirTopic.id)).status).toBe(404);
      expect((await as.replyTopic(club.id, theirTopic.id, { body: 'Hello?' })).status).toBe(404);
      // The club's counts are of what the lists show the viewer.
      expect((await as.get(club.id)).body).toMatchObject({ member_count: 3, discussions: 2 });
      const found = (await as.search(`q=${encodeURIComponent(club.name)}`)).body.items[0];
      expect(found).toMatchObject({ member_count: 3, discussions: 2 });
    }
    // Everyone else sees all of it.
    expect((await api(member.token).get(club.id)).body).toMatchObject({ member_count: 4, discussions: 3 });
    expect((await api().members(club.id)).body.items).toHaveLength(4);
    expect((await api().topic(club.id, general.id)).body.replies).toHaveLength(3);

    // A moderator who blocked a reader does not see that reader's request to join.
    const closed = await clubWith(blocker, [], { visibility: 'private' });
    expect((await api(blocked.token).join(closed.id)).body.membership).toBe('pending');
    expect((await api(member.token).join(closed.id)).body.membership).toBe('pending');
    const requests = (await api(blocker.token).requests(closed.id)).body.items;
    expect(requests.map((request) => request.user.id)).toEqual([member.response.user.id]);
  });
});

describe('cover image', () => {
  const png = PNG;

  function upload(
    clubId: string,
    token: string | undefined,
    data: Buffer,
    field = 'cover',
    type = 'image/png',
  ) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), 'cover.png');
    return fetch(`${server.url}/api/clubs/${clubId}/cover`, {
      method: 'PUT',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  }

  it('is uploaded by moderators, sniffed by content, and served with its type and nosniff', async () => {
    const owner = await reader();
    const member = await reader();
    const club = await clubWith(owner, [member]);
    expect((await upload(club.id, undefined, png)).status).toBe(401);
    expect((await upload(club.id, member.token, png)).status).toBe(403);

    const text = await upload(club.id, owner.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.status).toBe(415);
    expect(((await text.json()) as ErrorBody).error.message).toBe(
      'The cover must be a JPEG, PNG or WebP image',
    );
    const big = await upload(club.id, owner.token, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect((await upload(club.id, owner.token, png, 'picture')).status).toBe(400);
    expect((await api().get(club.id)).body.coverImage).toBeNull();

    const saved = await upload(club.id, owner.token, png);
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Club;
    expect(body.coverImage).toMatch(new RegExp(`^/api/clubs/${club.id}/cover\\?v=`));
    const served = await fetch(`${server.url}${body.coverImage}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // A new upload replaces the address.
    const replaced = (await (await upload(club.id, owner.token, JPEG, 'cover', 'image/jpeg')).json()) as Club;
    expect(replaced.coverImage).not.toBe(body.coverImage);
    const second = await fetch(`${server.url}${replaced.coverImage}`);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
  });

  it('of a private club is not served to outsiders, but its coverImage URL works in an <img>', async () => {
    const owner = await reader();
    const club = await createClub(server.request, owner.token, { visibility: 'private' });
    const saved = (await (await upload(club.id, owner.token, png)).json()) as Club;
    expect((await fetch(`${server.url}/api/clubs/${club.id}/cover`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/clubs/${club.id}/cover?v=guessed`)).status).toBe(404);
    const own = await fetch(`${server.url}/api/clubs/${club.id}/cover`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    // The URL members get carries the key's random version: no token needed (an <img> has none).
    expect((await fetch(`${server.url}${saved.coverImage}`)).status).toBe(200);
    const outsider = await reader();
    expect((await api(outsider.token).get(club.id)).body.coverImage ?? null).toBeNull();
  });
});

describe('message history over HTTP', () => {
  it('is for members only', async () => {
    const owner = await reader();
    const outsider = await reader();
    const club = await createClub(server.request, owner.token);
    expect((await api().messages(club.id)).status).toBe(401);
    const refused = await api(outsider.token).messages(club.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only members of this club can do that');
    const empty = await api(owner.token).messages(club.id);
    expect(empty.body).toEqual({ items: [], hasMore: false });
    expect((await api(owner.token).messages(club.id, `?before=${MISSING_ID}`)).status).toBe(400);
    expect((await api(owner.token).messages(club.id, '?limit=1000')).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the club endpoints', async () => {
    const doc = await server.request<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/clubs',
        '/api/clubs/{id}',
        '/api/clubs/{id}/cover',
        '/api/clubs/{id}/messages',
        '/api/clubs/{id}/topics/{topicId}/replies',
        '/api/clubs/events',
      ]),
    );
  });
});
