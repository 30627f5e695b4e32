import type {
  AdminReport,
  AdminReportList,
  AdminReview,
  AdminReviewDetail,
  AdminReviewList,
  AdminUser,
  AdminUserList,
  ErrorBody,
  LoginResponse,
  Review,
  ReviewList,
} from '@nebab/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../catalog/ensure-catalog.js';
import { books, preferences, sessions, users } from '../../db/schema/index.js';
import { writeFixtureCatalog } from '../../../test/catalog-fixture.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/helpers.js';

const ADMIN_PASSWORD = 'Admin@Pass2024';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let adminToken: string;
let adminId: string;
let bookIds: string[];
let nextBook = 0;

beforeAll(async () => {
  const adminEmail = uniqueEmail('moderator-admin').toLowerCase();
  server = await startTestServer({ adminEmail, adminPassword: ADMIN_PASSWORD });
  await ensureCatalog(server.db, { catalogDir: writeFixtureCatalog(), catalogEthiopianShopContent: false });
  const rows = await server.db
    .select({ id: books.id })
    .from(books)
    .where(eq(books.status, 'active'))
    .orderBy(asc(books.id))
    .limit(20);
  bookIds = rows.map((row) => row.id);
  const login = await server.request<LoginResponse>('/api/auth/login', {
    body: { email: adminEmail, password: ADMIN_PASSWORD },
  });
  expect(login.status).toBe(200);
  adminToken = login.body.token;
  const [admin] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  adminId = admin!.id;
});
afterAll(() => server?.close());

const freshBook = () => bookIds[nextBook++]!;

type Method = 'GET' | 'PATCH' | 'DELETE';
const call = <T>(method: Method, path: string, token?: string, body?: unknown, lang?: 'en' | 'am') =>
  server.request<T & ErrorBody>(path, { method, token, body, lang });
const admin = <T>(method: Method, path: string, body?: unknown, lang?: 'en' | 'am') =>
  call<T>(method, path, adminToken, body, lang);

async function reader(prefix = 'reader') {
  const account = await signUp(server, { fullName: `${prefix} Tester`, email: uniqueEmail(prefix) });
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return { ...account, id: row!.id };
}

async function writeReview(token: string, bookId: string, comment = 'A moving story, well told.') {
  const res = await server.request<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
    token,
    body: { rating: 4, comment, visibility: 'public' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const publicReviews = async (bookId: string) =>
  (await server.request<ReviewList>(`/api/books/${encodeURIComponent(bookId)}/reviews`)).body.items;

describe('authorisation of every admin moderation endpoint', () => {
  it('answers 401 without a session, 403 to a reader and lets an admin through', async () => {
    const someone = await reader('authz');
    const endpoints: { method: Method; path: string; body?: unknown; ok: number }[] = [
      { method: 'GET', path: '/api/admin/users', ok: 200 },
      { method: 'GET', path: `/api/admin/users/${someone.id}`, ok: 200 },
      { method: 'PATCH', path: `/api/admin/users/${someone.id}`, body: { name: 'Renamed Reader' }, ok: 200 },
      { method: 'GET', path: '/api/admin/reviews', ok: 200 },
      { method: 'GET', path: `/api/admin/reviews/${MISSING_ID}`, ok: 404 },
      { method: 'PATCH', path: `/api/admin/reviews/${MISSING_ID}`, body: { status: 'approved' }, ok: 404 },
      { method: 'DELETE', path: `/api/admin/reviews/${MISSING_ID}`, ok: 404 },
      { method: 'GET', path: '/api/admin/reports', ok: 200 },
      { method: 'PATCH', path: `/api/admin/reports/${MISSING_ID}`, body: { status: 'resolved' }, ok: 404 },
      { method: 'DELETE', path: `/api/admin/users/${someone.id}`, ok: 204 },
    ];
    const other = await reader('authz-caller');
    for (const endpoint of endpoints) {
      const anonymous = await call(endpoint.method, endpoint.path, undefined, endpoint.body);
      expect(anonymous.status, `${endpoint.method} ${endpoint.path} anonymous`).toBe(401);
      const asReader = await call(endpoint.method, endpoint.path, other.token, endpoint.body);
      expect(asReader.status, `${endpoint.method} ${endpoint.path} reader`).toBe(403);
      expect(asReader.body.error.code).toBe('FORBIDDEN');
      const asAdmin = await admin(endpoint.method, endpoint.path, endpoint.body);
      expect(asAdmin.status, `${endpoint.method} ${endpoint.path} admin`).toBe(endpoint.ok);
    }
  });
});

describe('All Users', () => {
  it('lists users with counts, searches by name or email and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await reader(`${tag}a`);
    const second = await reader(`${tag}b`);
    await writeReview(first.token, freshBook());

    const byEmail = await admin<AdminUserList>(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(tag.toUpperCase())}`,
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.total).toBe(2);
    // Newest first.
    expect(byEmail.body.items.map((u) => u.id)).toEqual([second.id, first.id]);
    const firstRow = byEmail.body.items.find((u) => u.id === first.id)!;
    expect(firstRow).toMatchObject({
      role: 'user',
      status: 'active',
      reviewsWritten: 1,
      booksRead: 0,
      auth_provider: 'password',
    });
    expect(firstRow).not.toHaveProperty('passwordHash');

    const paged = await admin<AdminUserList>('GET', `/api/admin/users?q=${tag}&pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.items.map((u) => u.id)).toEqual([first.id]);

    // Wildcards are literal: "%" matches nobody.
    const wildcard = await admin<AdminUserList>('GET', '/api/admin/users?q=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('rejects bad queries and bodies with translated messages', async () => {
    expect((await admin('GET', '/api/admin/users?pageSize=500')).status).toBe(400);
    expect((await admin('GET', '/api/admin/users?page=0')).status).toBe(400);
    expect((await admin('GET', '/api/admin/users/not-a-uuid')).status).toBe(400);
    const someone = await reader('validation');
    const empty = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION');
    const badRole = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, { role: 'owner' });
    expect(badRole.status).toBe(400);
    const shortName = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, { name: 'Al' }, 'am');
    expect(shortName.status).toBe(400);
    expect(shortName.body.error.fields?.name).toBe('ሙሉ ስም ቢያንስ 3 ፊደላት መሆን አለበት');
    const deletedStatus = await admin('PATCH', `/api/admin/users/${someone.id}`, { status: 'deleted' });
    expect(deletedStatus.status).toBe(400);
    expect((await admin('PATCH', `/api/admin/users/${MISSING_ID}`, { name: 'Nobody Here' })).status).toBe(
      404,
    );
  });

  it('edits the name and role; a promoted reader can use the admin API at once', async () => {
    const someone = await reader('promote');
    const res = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, {
      name: '  Tigist Alemu ',
      role: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: someone.id, name: 'Tigist Alemu', role: 'admin' });
    expect((await call('GET', '/api/admin/users', someone.token)).status).toBe(200);
    const demoted = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, { role: 'user' });
    expect(demoted.body.role).toBe('user');
    expect((await call('GET', '/api/admin/users', someone.token)).status).toBe(403);
  });

  it('suspending ends the sessions at once and login answers 403 SUSPENDED; activating lets them back', async () => {
    const someone = await reader('suspend');
    expect((await call('GET', '/api/auth/me', someone.token)).status).toBe(200);
    const ended: string[] = [];
    const off = server.app.services.events.on('user.sessionsEnded', ({ userId }) => {
      ended.push(userId);
    });
    try {
      const res = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, { status: 'suspended' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('suspended');
    } finally {
      off();
    }
    expect(ended).toEqual([someone.id]);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, someone.id))).toHaveLength(0);
    const me = await call('GET', '/api/auth/me', someone.token);
    expect(me.status).toBe(401);

    const login = await server.request<ErrorBody>('/api/auth/login', {
      body: { email: someone.email, password: someone.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: 'SUSPENDED', message: 'This account has been suspended' });

    const activated = await admin<AdminUser>('PATCH', `/api/admin/users/${someone.id}`, { status: 'active' });
    expect(activated.body.status).toBe('active');
    const again = await server.request<LoginResponse>('/api/auth/login', {
      body: { email: someone.email, password: someone.password },
    });
    expect(again.status).toBe(200);
    expect((await call('GET', '/api/auth/me', again.body.token)).status).toBe(200);
  });

  it('an admin cannot suspend, demote or delete themselves (409), but may rename themselves', async () => {
    for (const body of [{ status: 'suspended' }, { role: 'user' }]) {
      const res = await admin<AdminUser>('PATCH', `/api/admin/users/${adminId}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('You cannot suspend, delete or demote your own account');
    }
    const deleted = await admin('DELETE', `/api/admin/users/${adminId}`, undefined, 'am');
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toBe('የራስዎን መለያ ማገድ፣ መሰረዝ ወይም ሚናውን ዝቅ ማድረግ አይችሉም');
    const renamed = await admin<AdminUser>('PATCH', `/api/admin/users/${adminId}`, {
      name: 'Head Librarian',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Head Librarian', role: 'admin', status: 'active' });
  });

  it('delete anonymises the account: no login, hidden from lists, reviews stay as "Deleted reader"', async () => {
    const author = await reader('gone');
    const bookId = freshBook();
    const review = await writeReview(author.token, bookId, 'Still worth reading after I leave.');
    const replier = await reader('replier');
    await server.request(`/api/reviews/${review.id}/replies`, {
      token: author.token,
      body: { text: 'My reply' },
    });
    await server.request(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
      token: replier.token,
      body: { rating: 5, comment: 'Agreed', visibility: 'public' },
    });
    await server.request('/api/preferences', {
      method: 'PUT',
      token: author.token,
      body: { languages: ['en'], genres: ['fiction'], authors: [] },
    });

    const res = await admin('DELETE', `/api/admin/users/${author.id}`);
    expect(res.status).toBe(204);

    const [row] = await server.db.select().from(users).where(eq(users.id, author.id));
    expect(row).toMatchObject({
      status: 'deleted',
      passwordHash: null,
      googleId: null,
      profilePicture: null,
    });
    expect(row!.email).not.toContain(author.email.split('@')[0]!);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, author.id))).toHaveLength(0);
    expect(await server.db.select().from(preferences).where(eq(preferences.userId, author.id))).toHaveLength(
      0,
    );

    expect((await call('GET', '/api/auth/me', author.token)).status).toBe(401);
    const login = await server.request('/api/auth/login', {
      body: { email: author.email, password: author.password },
    });
    expect(login.status).toBe(401);

    const list = await admin<AdminUserList>('GET', `/api/admin/users?q=${encodeURIComponent(author.email)}`);
    expect(list.body.total).toBe(0);
    expect((await admin('GET', `/api/admin/users/${author.id}`)).status).toBe(404);
    expect((await admin('DELETE', `/api/admin/users/${author.id}`)).status).toBe(404);
    expect((await admin('PATCH', `/api/admin/users/${author.id}`, { status: 'active' })).status).toBe(404);

    const shown = (await publicReviews(bookId)).find((item) => item.id === review.id);
    expect(shown?.user).toEqual({ id: author.id, name: 'Deleted reader', profile_picture: null });
    expect(shown?.replies[0]?.user.name).toBe('Deleted reader');
    const inAmharic = await server.request<ReviewList>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
      lang: 'am',
    });
    expect(inAmharic.body.items.find((item) => item.id === review.id)?.user.name).toBe('የተሰረዘ አንባቢ');
    const moderation = await admin<AdminReviewDetail>('GET', `/api/admin/reviews/${review.id}`);
    expect(moderation.body.user.name).toBe('Deleted reader');
  });
});

describe('Moderate Reviews', () => {
  it('lists reviews with their book and report counts, filters by status and pages', async () => {
    const author = await reader('listed');
    const bookId = freshBook();
    const review = await writeReview(author.token, bookId);
    const reporter = await reader('reporter');
    await server.request(`/api/reviews/${review.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Spoilers' },
    });

    const all = await admin<AdminReviewList>('GET', '/api/admin/reviews?pageSize=50');
    expect(all.status).toBe(200);
    const row = all.body.items.find((item) => item.id === review.id);
    expect(row).toMatchObject({
      id: review.id,
      status: 'approved',
      comment: review.comment,
      rating: 4,
      reportsCount: 1,
      openReportsCount: 1,
      user: { id: author.id, name: 'listed Tester' },
      book: { id: bookId },
    });
    expect(row?.book.title).toBeTruthy();

    const paged = await admin<AdminReviewList>('GET', '/api/admin/reviews?pageSize=1');
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(all.body.total);

    await admin('PATCH', `/api/admin/reviews/${review.id}`, { status: 'rejected' });
    const rejected = await admin<AdminReviewList>('GET', '/api/admin/reviews?status=rejected&pageSize=50');
    expect(rejected.body.items.every((item) => item.status === 'rejected')).toBe(true);
    expect(rejected.body.items.map((item) => item.id)).toContain(review.id);
    const approved = await admin<AdminReviewList>('GET', '/api/admin/reviews?status=approved&pageSize=50');
    expect(approved.body.items.map((item) => item.id)).not.toContain(review.id);
    expect((await admin('GET', '/api/admin/reviews?status=hidden')).status).toBe(400);
  });

  it('reject hides a review from the book page, approve shows it again, delete keeps it listed as deleted', async () => {
    const author = await reader('moderated');
    const bookId = freshBook();
    const review = await writeReview(author.token, bookId);
    const reporter = await reader('flagger');
    await server.request(`/api/reviews/${review.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Offensive language' },
    });
    expect((await publicReviews(bookId)).map((item) => item.id)).toContain(review.id);

    const details = await admin<AdminReviewDetail>('GET', `/api/admin/reviews/${review.id}`);
    expect(details.body.reports).toEqual([
      expect.objectContaining({
        reason: 'Offensive language',
        status: 'open',
        reporter: expect.objectContaining({ id: reporter.id, name: 'flagger Tester' }),
      }),
    ]);
    expect(details.body.book.id).toBe(bookId);

    const rejected = await admin<AdminReview>('PATCH', `/api/admin/reviews/${review.id}`, {
      status: 'rejected',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: review.id, status: 'rejected', openReportsCount: 0 });
    expect((await publicReviews(bookId)).map((item) => item.id)).not.toContain(review.id);
    const resolved = await admin<AdminReviewDetail>('GET', `/api/admin/reviews/${review.id}`);
    expect(resolved.body.reports[0]?.status).toBe('resolved');

    const approved = await admin<AdminReview>('PATCH', `/api/admin/reviews/${review.id}`, {
      status: 'approved',
    });
    expect(approved.body.status).toBe('approved');
    expect((await publicReviews(bookId)).map((item) => item.id)).toContain(review.id);

    expect((await admin('PATCH', `/api/admin/reviews/${review.id}`, { status: 'deleted' })).status).toBe(400);
    expect((await admin('PATCH', `/api/admin/reviews/${review.id}`, {})).status).toBe(400);

    expect((await admin('DELETE', `/api/admin/reviews/${review.id}`)).status).toBe(204);
    expect((await publicReviews(bookId)).map((item) => item.id)).not.toContain(review.id);
    const deleted = await admin<AdminReviewList>('GET', '/api/admin/reviews?status=deleted&pageSize=50');
    expect(deleted.body.items.map((item) => item.id)).toContain(review.id);
    const frozen = await admin('PATCH', `/api/admin/reviews/${review.id}`, { status: 'approved' });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.message).toBe('This review was deleted and cannot be changed');
  });

  it('approving a flagged review dismisses its reports and puts it back on the book page', async () => {
    const author = await reader('flagged');
    const bookId = freshBook();
    const review = await writeReview(author.token, bookId);
    for (let i = 0; i < 3; i += 1) {
      const someone = await reader(`flag${i}`);
      await server.request(`/api/reviews/${review.id}/reports`, {
        token: someone.token,
        body: { reason: 'Spam' },
      });
    }
    const flagged = await admin<AdminReviewList>('GET', '/api/admin/reviews?status=flagged&pageSize=50');
    expect(flagged.body.items.find((item) => item.id === review.id)?.openReportsCount).toBe(3);
    expect((await publicReviews(bookId)).map((item) => item.id)).not.toContain(review.id);

    await admin('PATCH', `/api/admin/reviews/${review.id}`, { status: 'approved' });
    expect((await publicReviews(bookId)).map((item) => item.id)).toContain(review.id);
    const details = await admin<AdminReviewDetail>('GET', `/api/admin/reviews/${review.id}`);
    expect(details.body.reports.map((report) => report.status)).toEqual([
      'dismissed',
      'dismissed',
      'dismissed',
    ]);
  });
});

describe('Reports queue', () => {
  it('lists book and review reports together, filters by status and kind, resolves and dismisses', async () => {
    const author = await reader('reported');
    const bookId = freshBook();
    const review = await writeReview(author.token, bookId, 'Reported review text');
    const reporter = await reader('queue');
    const bookReport = await server.request(`/api/books/${encodeURIComponent(bookId)}/reports`, {
      token: reporter.token,
      body: { reason: 'Wrong cover' },
    });
    expect(bookReport.status).toBe(201);
    await server.request(`/api/reviews/${review.id}/reports`, {
      token: reporter.token,
      body: { reason: 'Rude' },
    });

    const open = await admin<AdminReportList>('GET', '/api/admin/reports?pageSize=50');
    expect(open.status).toBe(200);
    const mine = open.body.items.filter((item) => item.reporter.id === reporter.id);
    expect(mine.map((item) => item.kind).sort()).toEqual(['book', 'review']);
    const bookItem = mine.find((item) => item.kind === 'book')!;
    const reviewItem = mine.find((item) => item.kind === 'review')!;
    expect(bookItem).toMatchObject({
      reason: 'Wrong cover',
      status: 'open',
      book: { id: bookId },
      review: null,
    });
    expect(reviewItem).toMatchObject({
      reason: 'Rude',
      status: 'open',
      book: { id: bookId },
      review: { id: review.id, comment: 'Reported review text', status: 'approved', user: { id: author.id } },
    });

    const onlyBooks = await admin<AdminReportList>('GET', '/api/admin/reports?kind=book&pageSize=50');
    expect(onlyBooks.body.items.every((item) => item.kind === 'book')).toBe(true);
    const onlyReviews = await admin<AdminReportList>('GET', '/api/admin/reports?kind=review&pageSize=50');
    expect(onlyReviews.body.items.every((item) => item.kind === 'review')).toBe(true);

    const resolved = await admin<AdminReport>('PATCH', `/api/admin/reports/${bookItem.id}`, {
      status: 'resolved',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: bookItem.id, kind: 'book', status: 'resolved' });
    const dismissed = await admin<AdminReport>('PATCH', `/api/admin/reports/${reviewItem.id}`, {
      status: 'dismissed',
    });
    expect(dismissed.body).toMatchObject({ id: reviewItem.id, kind: 'review', status: 'dismissed' });

    const stillOpen = await admin<AdminReportList>('GET', '/api/admin/reports?pageSize=50');
    expect(stillOpen.body.items.map((item) => item.id)).not.toContain(bookItem.id);
    const resolvedList = await admin<AdminReportList>(
      'GET',
      '/api/admin/reports?status=resolved&pageSize=50',
    );
    expect(resolvedList.body.items.map((item) => item.id)).toContain(bookItem.id);
    const dismissedList = await admin<AdminReportList>(
      'GET',
      '/api/admin/reports?status=dismissed&kind=review',
    );
    expect(dismissedList.body.items.map((item) => item.id)).toContain(reviewItem.id);
    const all = await admin<AdminReportList>('GET', '/api/admin/reports?status=all&pageSize=50');
    expect(all.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([bookItem.id, reviewItem.id]),
    );

    const paged = await admin<AdminReportList>('GET', '/api/admin/reports?status=all&pageSize=1');
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(all.body.total);

    expect((await admin('PATCH', `/api/admin/reports/${bookItem.id}`, { status: 'closed' })).status).toBe(
      400,
    );
    expect((await admin('GET', '/api/admin/reports?kind=club')).status).toBe(400);
  });
});
