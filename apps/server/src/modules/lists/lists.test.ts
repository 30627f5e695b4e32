import type {
  BookListDetail,
  BookListSummaryList,
  ErrorBody,
  GenreDetail,
  GenreGroupsPage,
  GenreListsPage,
  ListVoteResult,
} from '@nebab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub } from '../../../test/clubs-helpers.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { insertGenreBook, newReader, setStatus, type Reader } from '../../../test/social-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function makeList(owner: Reader, fields: Record<string, unknown> = {}): Promise<BookListDetail> {
  const result = await server.request<BookListDetail & ErrorBody>('/api/lists', {
    token: owner.token,
    body: { title: 'Best Ethiopian novels', description: 'Ranked by readers.', ...fields },
  });
  if (result.status !== 201) throw new Error(`list create failed: ${result.status} ${result.text}`);
  return result.body;
}

function addBook(list: { id: string }, who: Reader, bookId: string) {
  return server.request<BookListDetail & ErrorBody>(`/api/lists/${list.id}/books`, {
    token: who.token,
    body: { bookId },
  });
}

function vote(list: { id: string }, who: Reader, bookId: string, value: 0 | 1) {
  return server.request<ListVoteResult & ErrorBody>(`/api/lists/${list.id}/books/${bookId}/vote`, {
    method: 'PUT',
    token: who.token,
    body: { value },
  });
}

describe('creating and reading lists', () => {
  it('creates a list with defaults (public, open) and shows it to anyone', async () => {
    const owner = await newReader(server, 'Sara Girma');
    const list = await makeList(owner);
    expect(list).toMatchObject({
      title: 'Best Ethiopian novels',
      visibility: 'public',
      mode: 'open',
      genre: null,
      genreChosen: false,
      itemCount: 0,
      voteCount: 0,
      owner: { id: owner.id, name: 'Sara Girma' },
      items: [],
      can: { edit: true, addBooks: true, vote: true },
    });
    const anonymous = await server.request<BookListDetail>(`/api/lists/${list.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.can).toEqual({ edit: false, addBooks: false, vote: false });
    const mine = await server.request<BookListSummaryList>('/api/me/lists', { token: owner.token });
    expect(mine.body.items.map((item) => item.id)).toEqual([list.id]);
  });

  it('validates title, description, visibility, mode and genre, in the asker’s language', async () => {
    const owner = await newReader(server);
    const bad = await server.request<ErrorBody>('/api/lists', {
      token: owner.token,
      lang: 'am',
      body: {
        title: 'x',
        description: 'd'.repeat(2001),
        visibility: 'friends',
        mode: 'chaos',
        genre: 'cats',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'የዝርዝሩ ርዕስ ቢያንስ 3 ፊደላት መሆን አለበት',
      description: 'መግለጫው ከ2000 ፊደላት መብለጥ የለበትም',
      genre: 'እባክዎ ከተዘረዘሩት ዘውጎች አንዱን ይምረጡ',
    });
    expect(Object.keys(bad.body.error.fields ?? {})).toEqual(expect.arrayContaining(['visibility', 'mode']));
    const tricky = await server.request<ErrorBody>('/api/lists', {
      token: owner.token,
      body: { title: 'abc\u202Egnp.exe' },
    });
    expect(tricky.status).toBe(400);
    expect(tricky.body.error.fields).toHaveProperty('title');
    const missing = await server.request<ErrorBody>('/api/lists', { token: owner.token, body: {} });
    expect(missing.body.error.fields?.title).toBe('Please enter a title for the list');
  });

  it('keeps a private list to its owner (404 for everyone else, even to add or vote)', async () => {
    const owner = await newReader(server);
    const other = await newReader(server);
    const book = await insertGenreBook(server, 'Private pick');
    const list = await makeList(owner, { visibility: 'private' });
    expect((await addBook(list, owner, book)).status).toBe(201);
    expect((await server.request(`/api/lists/${list.id}`)).status).toBe(404);
    expect((await server.request(`/api/lists/${list.id}`, { token: other.token })).status).toBe(404);
    expect((await addBook(list, other, book)).status).toBe(404);
    expect((await vote(list, other, book, 1)).status).toBe(404);
    expect((await server.request(`/api/lists/${list.id}`, { token: owner.token })).status).toBe(200);
  });

  it('disappears with a suspended owner', async () => {
    const owner = await newReader(server);
    const list = await makeList(owner);
    await setStatus(server, owner, 'suspended');
    expect((await server.request(`/api/lists/${list.id}`)).status).toBe(404);
  });
});

describe('open lists: anyone adds, everyone votes', () => {
  it('ranks books by votes; adding votes; a vote counts once and can be taken back', async () => {
    const owner = await newReader(server);
    const a = await newReader(server);
    const b = await newReader(server);
    const [first, second, third] = [
      await insertGenreBook(server, 'Oromay'),
      await insertGenreBook(server, 'Fikir Eske Mekabir'),
      await insertGenreBook(server, 'Tobia'),
    ];
    const list = await makeList(owner);
    expect((await addBook(list, owner, first)).status).toBe(201);
    const added = await addBook(list, a, second);
    expect(added.status).toBe(201);
    expect(added.body.items.find((item) => item.book.id === second)).toMatchObject({
      votes: 1,
      voted: true,
      addedBy: { id: a.id },
    });
    expect((await addBook(list, b, third)).status).toBe(201);

    expect((await vote(list, b, second, 1)).body).toEqual({ votes: 2, voted: true });
    expect((await vote(list, b, second, 1)).body).toEqual({ votes: 2, voted: true });
    expect((await vote(list, owner, second, 1)).body).toEqual({ votes: 3, voted: true });
    expect((await vote(list, owner, second, 0)).body).toEqual({ votes: 2, voted: false });

    const seen = await server.request<BookListDetail>(`/api/lists/${list.id}`, { token: b.token });
    expect(seen.body.items.map((item) => [item.rank, item.book.title, item.votes, item.voted])).toEqual([
      [1, 'Fikir Eske Mekabir', 2, true],
      [2, 'Oromay', 1, false],
      [3, 'Tobia', 1, true],
    ]);
    expect(seen.body).toMatchObject({ itemCount: 3, voteCount: 4 });

    const again = await addBook(list, b, second);
    expect(again.status).toBe(409);
    expect(again.body.error.fields?.bookId).toBe('This book is already on the list');
    const unknown = await addBook(list, b, 'no-such-book');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.bookId).toBe('This book is not in the catalogue');
    expect((await vote(list, b, 'no-such-book', 1)).status).toBe(404);
    // An open list is ranked by votes, not moved by hand.
    const move = await server.request<ErrorBody>(`/api/lists/${list.id}/books/${third}`, {
      method: 'PATCH',
      token: owner.token,
      body: { position: 1 },
    });
    expect(move.status).toBe(409);
  });

  it('lets the owner or the adder take a book off, nobody else; votes and counts go with it', async () => {
    const owner = await newReader(server);
    const adder = await newReader(server);
    const stranger = await newReader(server);
    const book = await insertGenreBook(server, 'Removable');
    const other = await insertGenreBook(server, 'Stays');
    const list = await makeList(owner);
    await addBook(list, adder, book);
    await addBook(list, owner, other);
    await vote(list, stranger, book, 1);
    expect(
      (
        await server.request(`/api/lists/${list.id}/books/${book}`, {
          method: 'DELETE',
          token: stranger.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.request(`/api/lists/${list.id}/books/${book}`, { method: 'DELETE', token: adder.token }))
        .status,
    ).toBe(204);
    expect(
      (await server.request(`/api/lists/${list.id}/books/${book}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(404);
    const seen = await server.request<BookListDetail>(`/api/lists/${list.id}`);
    expect(seen.body).toMatchObject({ itemCount: 1, voteCount: 1, items: [{ book: { id: other } }] });
  });
});

describe('curated lists: the owner ranks', () => {
  it('takes books from its owner only, takes no votes, and moves books where the owner says', async () => {
    const owner = await newReader(server);
    const other = await newReader(server);
    const books = [
      await insertGenreBook(server, 'One'),
      await insertGenreBook(server, 'Two'),
      await insertGenreBook(server, 'Three'),
    ];
    const list = await makeList(owner, { mode: 'curated' });
    for (const book of books) expect((await addBook(list, owner, book)).status).toBe(201);
    const refused = await addBook(list, other, await insertGenreBook(server, 'Four'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only the owner adds books to a curated list');
    const noVote = await vote(list, other, books[0]!, 1);
    expect(noVote.status).toBe(409);
    expect(noVote.body.error.message).toBe('A curated list is ranked by its owner and takes no votes');

    const moved = await server.request<BookListDetail>(`/api/lists/${list.id}/books/${books[2]}`, {
      method: 'PATCH',
      token: owner.token,
      body: { position: 1 },
    });
    expect(moved.body.items.map((item) => item.book.title)).toEqual(['Three', 'One', 'Two']);
    const last = await server.request<BookListDetail>(`/api/lists/${list.id}/books/${books[2]}`, {
      method: 'PATCH',
      token: owner.token,
      body: { position: 99 },
    });
    expect(last.body.items.map((item) => item.book.title)).toEqual(['One', 'Two', 'Three']);
    expect(
      (
        await server.request(`/api/lists/${list.id}/books/${books[0]}`, {
          method: 'PATCH',
          token: other.token,
          body: { position: 2 },
        })
      ).status,
    ).toBe(403);
  });

  it('keeps the vote order when an open list turns curated; only the owner edits or deletes', async () => {
    const owner = await newReader(server);
    const fan = await newReader(server);
    const [a, b] = [await insertGenreBook(server, 'Less liked'), await insertGenreBook(server, 'Most liked')];
    const list = await makeList(owner);
    await addBook(list, owner, a);
    await addBook(list, owner, b);
    await vote(list, fan, b, 1);
    const edit = { method: 'PATCH', token: fan.token, body: { title: 'Mine now' } };
    expect((await server.request(`/api/lists/${list.id}`, edit)).status).toBe(403);
    const curated = await server.request<BookListDetail>(`/api/lists/${list.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { mode: 'curated', title: 'Settled favourites', visibility: 'private' },
    });
    expect(curated.body).toMatchObject({
      mode: 'curated',
      title: 'Settled favourites',
      visibility: 'private',
    });
    expect(curated.body.items.map((item) => item.book.title)).toEqual(['Most liked', 'Less liked']);
    expect(
      (await server.request(`/api/lists/${list.id}`, { method: 'DELETE', token: fan.token })).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/lists/${list.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect((await server.request(`/api/lists/${list.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe('genre lists and groups', () => {
  it("ranks a genre's public lists by votes; a list follows its books' genre unless its owner picks one", async () => {
    const [owner, other, voter] = [await newReader(server), await newReader(server), await newReader(server)];
    const poems = [
      await insertGenreBook(server, 'Poem one', ['poetry', 'classics']),
      await insertGenreBook(server, 'Poem two', ['poetry']),
    ];
    const history = await insertGenreBook(server, 'A history', ['history']);
    const small = await makeList(owner, { title: 'Few poems' });
    await addBook(small, owner, poems[1]!);
    const big = await makeList(other, { title: 'Many poems' });
    await addBook(big, other, poems[0]!);
    await addBook(big, other, poems[1]!);
    await vote(big, voter, poems[1]!, 1);
    const chosen = await makeList(other, { title: 'Poetry by choice', genre: 'poetry' });
    await addBook(chosen, other, history);
    const hidden = await makeList(owner, { title: 'Private poems', visibility: 'private' });
    await addBook(hidden, owner, poems[1]!);

    const detail = await server.request<BookListDetail>(`/api/lists/${big.id}`);
    expect(detail.body).toMatchObject({ genre: 'poetry', genreChosen: false });
    const page = await server.request<GenreListsPage>('/api/genres/poetry/lists');
    expect(page.status).toBe(200);
    // Most votes first; then most books; then the newest.
    expect(page.body.items.map((item) => item.title)).toEqual([
      'Many poems',
      'Poetry by choice',
      'Few poems',
    ]);
    expect(page.body).toMatchObject({ total: 3, page: 1 });
    expect(page.body.items[0]).toMatchObject({
      voteCount: 3,
      itemCount: 2,
      preview: [{ title: 'Poem two' }, { title: 'Poem one' }],
    });
    const paged = await server.request<GenreListsPage>('/api/genres/poetry/lists?page=2&pageSize=2');
    expect(paged.body.items.map((item) => item.title)).toEqual(['Few poems']);
    expect(
      (await server.request<GenreListsPage>('/api/genres/history/lists')).body.items.map(
        (item) => item.title,
      ),
    ).not.toContain('Poetry by choice');
    expect((await server.request('/api/genres/not-a-genre/lists')).status).toBe(404);

    // Letting the books decide again.
    const freed = await server.request<BookListDetail>(`/api/lists/${chosen.id}`, {
      method: 'PATCH',
      token: other.token,
      body: { genre: null },
    });
    expect(freed.body).toMatchObject({ genre: 'history', genreChosen: false });
  });

  it("shows a genre's public clubs as its groups, on their own and on the genre page", async () => {
    const moderator = await newReader(server);
    const open = await createClub(server.request, moderator.token, {
      genre_focus: 'mystery',
      name: 'Mystery lovers',
    });
    await createClub(server.request, moderator.token, {
      genre_focus: 'mystery',
      visibility: 'private',
      name: 'Secret sleuths',
    });
    await createClub(server.request, moderator.token, { genre_focus: 'romance', name: 'Romantics' });
    const groups = await server.request<GenreGroupsPage>('/api/genres/mystery/groups');
    expect(groups.body).toMatchObject({
      total: 1,
      items: [{ id: open.id, name: 'Mystery lovers', member_count: 1 }],
    });
    expect((await server.request('/api/genres/nope/groups')).status).toBe(404);
    const genre = await server.request<GenreDetail>('/api/genres/mystery');
    expect(genre.body.groups).toEqual([{ id: open.id, name: 'Mystery lovers', memberCount: 1 }]);
  });
});
