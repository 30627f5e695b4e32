/**
 * Helpers of the social tests (profiles, follows, blocks, lists, feed): readers signed up over the
 * API with their ids, privacy set over the API, and the status of a call in one line.
 */
import type { ErrorBody, ReaderPrivacy } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import { books, users } from '../src/db/schema/index.js';
import { signUp, type TestServer } from './helpers.js';

export interface Reader {
  id: string;
  token: string;
  name: string;
}

let counter = 0;

/** A new reader (signed up over the API). */
export async function newReader(server: Pick<TestServer, 'request'>, name?: string): Promise<Reader> {
  counter += 1;
  const fullName = name ?? `Reader ${counter} Tesfaye`;
  const account = await signUp(server, { fullName });
  return { id: account.response.user.id, token: account.token, name: fullName };
}

/** Saves the reader's privacy over the API (200 expected). */
export async function setPrivacy(
  server: Pick<TestServer, 'request'>,
  reader: Reader,
  privacy: Partial<ReaderPrivacy>,
): Promise<void> {
  const result = await server.request<ReaderPrivacy & ErrorBody>('/api/me/privacy', {
    method: 'PUT',
    token: reader.token,
    body: { profileVisibility: 'public', showReadingList: true, showLocation: false, ...privacy },
  });
  if (result.status !== 200) throw new Error(`privacy failed: ${result.status} ${result.text}`);
}

/** `follower` follows `followee` (and, for a request, `followee` approves it). */
export async function follow(
  server: Pick<TestServer, 'request'>,
  follower: Reader,
  followee: Reader,
): Promise<void> {
  const result = await server.request<{ state: string }>(`/api/readers/${followee.id}/follow`, {
    method: 'POST',
    token: follower.token,
  });
  if (result.status !== 200) throw new Error(`follow failed: ${result.status} ${result.text}`);
  if (result.body.state === 'requested') {
    const decided = await server.request(`/api/me/follow-requests/${follower.id}`, {
      token: followee.token,
      body: { decision: 'approve' },
    });
    if (decided.status !== 204) throw new Error(`approve failed: ${decided.status} ${decided.text}`);
  }
}

/** Sets an account's status directly (suspension and deletion have their own admin tests). */
export async function setStatus(
  server: Pick<TestServer, 'db'>,
  reader: Reader,
  status: 'active' | 'suspended' | 'deleted',
) {
  await server.db.update(users).set({ status }).where(eq(users.id, reader.id));
}

let bookCounter = 0;

/** Inserts an active catalogue book of the given genres and answers its id. */
export async function insertGenreBook(
  server: Pick<TestServer, 'db'>,
  title: string,
  genres: string[] = ['fantasy'],
): Promise<string> {
  bookCounter += 1;
  const id = `local-social-${Date.now().toString(36)}-${bookCounter}`;
  await server.db.insert(books).values({
    id,
    source: 'local',
    title,
    authors: ['Haddis Alemayehu'],
    primaryAuthor: 'Haddis Alemayehu',
    genres,
  });
  return id;
}
