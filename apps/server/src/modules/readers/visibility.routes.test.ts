import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { follow, newReader, setPrivacy, type Reader } from '../../../test/social-helpers.js';

/**
 * The visibility policy (`visibility.policy.ts`) holds on every route that shows people. Every GET
 * operation of the OpenAPI document whose 200 answer holds a person (an object with `id`, `name` and
 * `profile_picture`: the reader summary every presenter answers) must have a proof in PROOFS (or a
 * reason in NOT_ABOUT_OTHERS). A proof names the addresses where a person's content or card shows,
 * and the test reads them in one world:
 * - blocks: A blocked B (after B wrote everything, everywhere A and C can see): A finds neither B's id
 *   nor name in any answer, and C, a third reader, finds B's id in at least one;
 * - privacy: P wrote the same things, then made the profile private; the proof says whether the route
 *   hides P from C (`hides`) or shows P by its own rule (`shows`, with the rule), and the test holds it
 *   to that either way.
 */
let server: TestServer;
const SUFFIX = Math.random().toString(36).slice(2, 8);

type Person = 'blocked' | 'private';
type Caller = 'blocker' | 'third';

interface World {
  /** A blocked B; P is private; C sees both; D is public, follows B and P and is followed by them. */
  a: Reader;
  b: Reader;
  c: Reader;
  d: Reader;
  p: Reader;
  bookId: string;
  /** Each writer's own review, list and topic; C's open list, public club and private club. */
  own: Record<Person, { listId: string; topicId: string }>;
  openListId: string;
  publicClubId: string;
  privateClubId: string;
  cTopicId: string;
}

interface Proof {
  /** The addresses that show `person`'s content or card to whoever may see them, read as `caller`. */
  paths: (world: World, person: Person, caller: Caller) => string[] | Promise<string[]>;
  /** Profile privacy: the route hides a private reader from others, or shows them by its own rule. */
  privacy: 'hides' | { shows: string };
}

const ofEach = (world: World, person: Person) => (person === 'blocked' ? world.b : world.p);

const PROOFS: Record<string, Proof> = {
  getReviews: {
    paths: () => ['/api/reviews?pageSize=48'],
    privacy: { shows: 'a review has its own visibility (public or private), not the profile’s' },
  },
  getBooksByIdReviews: {
    paths: (w) => [`/api/books/${w.bookId}/reviews`],
    privacy: { shows: 'reviews and replies have their own visibility, not the profile’s' },
  },
  getClubsByIdMembers: {
    paths: (w) => [`/api/clubs/${w.publicClubId}/members`],
    privacy: { shows: 'a club’s members are shown to whoever sees the club' },
  },
  getClubsByIdRequests: {
    paths: (w) => [`/api/clubs/${w.privateClubId}/requests`],
    privacy: { shows: 'moderators see who asks to join' },
  },
  getClubsByIdMessages: {
    paths: (w) => [`/api/clubs/${w.publicClubId}/messages?limit=100`],
    privacy: { shows: 'chat is the club’s, seen by its members' },
  },
  getClubsByIdTopics: {
    paths: (w) => [`/api/clubs/${w.publicClubId}/topics`],
    privacy: { shows: 'discussions are the club’s' },
  },
  getClubsByIdTopicsByTopicId: {
    paths: (w, person) => [
      `/api/clubs/${w.publicClubId}/topics/${w.own[person].topicId}`,
      `/api/clubs/${w.publicClubId}/topics/${w.cTopicId}`,
    ],
    privacy: { shows: 'discussions are the club’s' },
  },
  getReadersById: {
    paths: (w, person) => [`/api/readers/${ofEach(w, person).id}`, `/api/readers/${w.d.id}`],
    privacy: 'hides',
  },
  getReadersByIdFollowers: {
    paths: (w, person) => [
      `/api/readers/${ofEach(w, person).id}/followers`,
      `/api/readers/${w.d.id}/followers`,
    ],
    privacy: { shows: 'a follower list shows each follower’s card (name and picture)' },
  },
  getReadersByIdFollowing: {
    paths: (w, person) => [
      `/api/readers/${ofEach(w, person).id}/following`,
      `/api/readers/${w.d.id}/following`,
    ],
    privacy: { shows: 'a following list shows each followee’s card (name and picture)' },
  },
  getMeFollowRequests: {
    paths: () => ['/api/me/follow-requests'],
    privacy: { shows: 'a reader sees who asks to follow them' },
  },
  getListsById: {
    paths: (w, person) => [`/api/lists/${w.own[person].listId}`, `/api/lists/${w.openListId}`],
    privacy: { shows: 'a list has its own visibility, not the profile’s' },
  },
  getGenresBySlugLists: {
    paths: () => ['/api/genres/fantasy/lists?pageSize=50'],
    privacy: { shows: 'a list has its own visibility, not the profile’s' },
  },
  getFeed: {
    paths: () => ['/api/feed?limit=50'],
    privacy: 'hides',
  },
  getNotifications: {
    paths: () => ['/api/notifications?pageSize=50'],
    privacy: { shows: 'a reply to your review or a request names who wrote it' },
  },
  getNotificationsById: {
    // Each of the caller's own notifications, one by one.
    paths: async (w, _person, caller) => {
      const list = await server.request<{ items: Array<{ id: string }> }>('/api/notifications?pageSize=50', {
        token: (caller === 'blocker' ? w.a : w.c).token,
      });
      return list.body.items.map((item) => `/api/notifications/${item.id}`);
    },
    privacy: { shows: 'a reply to your review or a request names who wrote it' },
  },
};

/** Operations that name people but never another reader the caller may not see, and why. */
const NOT_ABOUT_OTHERS: Record<string, string> = {
  getAuthMe: 'the caller themselves',
  getMeLists: 'the caller’s own lists: their owner is the caller',
  getMeBlocks: 'the blocker’s own list of whom they blocked names them by design',
};
/** Admins see everyone to moderate them. */
const ADMIN_PREFIX = '/api/admin/';

type JsonSchema = {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Whether `schema` holds a person anywhere: an object with `id`, `name` and `profile_picture`. */
function holdsPerson(doc: OpenApi, schema: JsonSchema | undefined, seen = new Set<JsonSchema>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.$ref) return holdsPerson(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!], seen);
  const properties = schema.properties ?? {};
  if (['id', 'name', 'profile_picture'].every((key) => key in properties)) return true;
  const children = [
    ...Object.values(properties),
    schema.items,
    typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return children.some((child) => holdsPerson(doc, child, seen));
}

/** The GET operations (by operationId) whose 200 answer names people, admins' aside. */
async function peopleOperations(): Promise<string[]> {
  const doc = await server.request<OpenApi>('/api/openapi.json');
  expect(doc.status).toBe(200);
  return Object.entries(doc.body.paths)
    .filter(([path]) => !path.startsWith(ADMIN_PREFIX))
    .flatMap(([, operations]) => (operations.get ? [operations.get] : []))
    .filter((operation) =>
      Object.values(operation.responses?.['200']?.content ?? {}).some((media) =>
        holdsPerson(doc.body, media.schema),
      ),
    )
    .map((operation) => operation.operationId);
}

async function must<T>(status: number, path: string, token: string, body?: unknown, method?: string) {
  const result = await server.request<T>(path, { token, body, method });
  if (result.status !== status)
    throw new Error(`${method ?? (body ? 'POST' : 'GET')} ${path} → ${result.status} ${result.text}`);
  return result.body;
}

/** The one world: everything B and P can write, where A and C can see it; then P goes private and A blocks B. */
async function buildWorld(): Promise<World> {
  const [a, b, c, d, p] = (await Promise.all(
    ['Abebe', 'Bekele', 'Chaltu', 'Dawit', 'Pawlos'].map((name) => newReader(server, `${name} ${SUFFIX}`)),
  )) as [Reader, Reader, Reader, Reader, Reader];
  const bookIds = [0, 1, 2].map((i) => `local-visibility-${SUFFIX}-${i}`);
  await server.db
    .insert(books)
    .values(
      bookIds.map((id, i) => ({
        id,
        source: 'local',
        title: `Visibility book ${i}`,
        authors: ['V'],
        genres: ['fantasy'],
      })),
    );
  const [bookId, secondBook, thirdBook] = bookIds as [string, string, string];
  const review = async (who: Reader) =>
    (
      await must<{ id: string }>(201, `/api/books/${bookId}/reviews`, who.token, {
        rating: 4,
        comment: `By ${who.name}`,
      })
    ).id;

  // A and C: followers-only profiles (they receive follow requests); A is C's approved follower.
  await setPrivacy(server, a, { profileVisibility: 'followers' });
  await setPrivacy(server, c, { profileVisibility: 'followers' });
  await follow(server, a, c);
  const [aReview, cReview] = [await review(a), await review(c)];
  const openList = await must<{ id: string }>(201, '/api/lists', c.token, { title: `Open ${SUFFIX}` });
  await must(201, `/api/lists/${openList.id}/books`, c.token, { bookId });
  const publicClub = await must<{ id: string }>(201, '/api/clubs', c.token, {
    name: `Public ${SUFFIX}`,
    visibility: 'public',
    genre_focus: 'fantasy',
  });
  await must(200, `/api/clubs/${publicClub.id}/join`, a.token, undefined, 'POST');
  const cTopic = await must<{ id: string }>(201, `/api/clubs/${publicClub.id}/topics`, c.token, {
    title: 'C asks',
    body: 'C asks',
  });
  // A's private club, with C as a second moderator: both see its join requests.
  const privateClub = await must<{ id: string }>(201, '/api/clubs', a.token, {
    name: `Private ${SUFFIX}`,
    visibility: 'private',
    genre_focus: 'fantasy',
  });
  await must(200, `/api/clubs/${privateClub.id}/join`, c.token, undefined, 'POST');
  await must(204, `/api/clubs/${privateClub.id}/requests/${c.id}`, a.token, { decision: 'approve' });
  await must(200, `/api/clubs/${privateClub.id}/members/${c.id}`, a.token, { role: 'moderator' }, 'PATCH');

  const own = {} as World['own'];
  for (const [person, who, addedBook] of [
    ['blocked', b, secondBook],
    ['private', p, thirdBook],
  ] as const) {
    const mine = await review(who);
    for (const reviewId of [aReview, cReview, mine])
      await must(201, `/api/reviews/${reviewId}/replies`, who.token, { text: `Reply by ${who.name}` });
    const list = await must<{ id: string }>(201, '/api/lists', who.token, { title: `List of ${who.name}` });
    await must(201, `/api/lists/${list.id}/books`, who.token, { bookId });
    await must(201, `/api/lists/${openList.id}/books`, who.token, { bookId: addedBook });
    await must(200, `/api/clubs/${publicClub.id}/join`, who.token, undefined, 'POST');
    const topic = await must<{ id: string }>(201, `/api/clubs/${publicClub.id}/topics`, who.token, {
      title: `Topic by ${who.name}`,
      body: 'Words',
    });
    await must(201, `/api/clubs/${publicClub.id}/topics/${cTopic.id}/replies`, who.token, { body: 'Words' });
    await server.app.services.clubs.sendMessage(
      { userId: who.id, sessionId: '', role: 'user' },
      publicClub.id,
      'Hi',
    );
    // Requests to follow A and C (both followers-only) stay pending; D and the writer follow each other.
    for (const followee of [a, c])
      await must(200, `/api/readers/${followee.id}/follow`, who.token, undefined, 'POST');
    await follow(server, who, d);
    await follow(server, d, who);
    own[person] = { listId: list.id, topicId: topic.id };
  }
  // A and C follow B and P (both public for now): their feeds carry B's and P's reviews.
  for (const follower of [a, c]) for (const followee of [b, p]) await follow(server, follower, followee);

  await setPrivacy(server, p, { profileVisibility: 'private' });
  await must(204, `/api/readers/${b.id}/block`, a.token, undefined, 'POST');
  // Asked after the block: the moderators' notifications pass through the policy, not the block's cleanup.
  for (const who of [b, p])
    await must(200, `/api/clubs/${privateClub.id}/join`, who.token, undefined, 'POST');
  return {
    a,
    b,
    c,
    d,
    p,
    bookId,
    own,
    openListId: openList.id,
    publicClubId: publicClub.id,
    privateClubId: privateClub.id,
    cTopicId: cTopic.id,
  };
}

/** The answers `caller` gets at the proof's addresses for `person`, joined; server errors fail. */
async function read(world: World, proof: Proof, person: Person, caller: Caller): Promise<string> {
  const token = (caller === 'blocker' ? world.a : world.c).token;
  let text = '';
  for (const path of await proof.paths(world, person, caller)) {
    const result = await server.request(path, { token });
    if (result.status >= 500) throw new Error(`${path} as ${caller} → ${result.status} ${result.text}`);
    text += result.text;
  }
  return text;
}

let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld();
}, 120_000);
afterAll(() => server?.close());

describe('every route that lists people’s content', () => {
  it('proves it hides blocked and private people (or says why it names no other reader)', async () => {
    const operations = await peopleOperations();
    // The walk finds the routes it must: a walk that found nothing would prove nothing.
    expect(operations).toEqual(expect.arrayContaining(['getReviews', 'getFeed', 'getClubsByIdMembers']));
    const unproven = operations.filter((id) => !(id in PROOFS) && !(id in NOT_ABOUT_OTHERS));
    expect(
      unproven,
      'a new route that lists people’s content must prove it hides blocked and private people: add it to ' +
        'PROOFS in apps/server/src/modules/readers/visibility.routes.test.ts (and take its people through ' +
        'the visibility policy, modules/readers/visibility.policy.ts)',
    ).toEqual([]);
    const stale = [...Object.keys(PROOFS), ...Object.keys(NOT_ABOUT_OTHERS)].filter(
      (id) => !operations.includes(id),
    );
    expect(stale, 'these rows name no GET operation whose answer holds people any more').toEqual([]);
  });

  it.each(Object.entries(PROOFS))(
    '%s hides B from A, who blocked B, and shows B to C',
    async (_id, proof) => {
      const [blocker, third] = await Promise.all([
        read(world, proof, 'blocked', 'blocker'),
        read(world, proof, 'blocked', 'third'),
      ]);
      expect(blocker).not.toContain(world.b.id);
      expect(blocker).not.toContain(world.b.name);
      expect(third).toContain(world.b.id);
    },
  );

  it.each(Object.entries(PROOFS))('%s keeps to its rule for a private profile', async (_id, proof) => {
    const third = await read(world, proof, 'private', 'third');
    if (proof.privacy === 'hides') {
      expect(third).not.toContain(world.p.id);
      expect(third).not.toContain(world.p.name);
      // …while the same addresses show B, whose profile is public.
      expect(await read(world, proof, 'blocked', 'third')).toContain(world.b.id);
    } else expect(third).toContain(world.p.id);
  });
});
