import {
  DEFAULT_EMAIL_CHOICES,
  EMAIL_NOTIFICATION_KINDS,
  type ErrorBody,
  type NotificationChoices,
  type Review,
} from '@nebab/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, notificationMail, notifications, users } from '../../db/schema/index.js';
import { mailedLink, type ReceivedMail } from '../../../test/smtp-server.js';
import { useMailTestServer } from '../../../test/mail-test-server.js';
import { type TestServer } from '../../../test/helpers.js';
import { insertGenreBook, newReader, setPrivacy, type Reader } from '../../../test/social-helpers.js';

let server: TestServer;

const mail = useMailTestServer(50);
beforeAll(() => {
  ({ server } = mail);
});

/** A reader whose address is confirmed (only those are mailed), with that address. */
async function verifiedReader(name: string): Promise<Reader & { email: string }> {
  const reader = await newReader(server, name);
  const [row] = await server.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, reader.id))
    .returning({ email: users.email });
  return { ...reader, email: row!.email };
}

const preferences = (reader: Reader) =>
  server.request<NotificationChoices & ErrorBody>('/api/notifications/preferences', { token: reader.token });
const savePreferences = (reader: Reader, body: unknown) =>
  server.request<NotificationChoices & ErrorBody>('/api/notifications/preferences', {
    method: 'PUT',
    token: reader.token,
    body,
  });
const IN_APP = {
  replies: true,
  reactions: true,
  clubs: true,
  moderation: true,
  newsletter: false,
  follows: true,
};

async function writeReview(reader: Reader, bookId: string): Promise<Review> {
  const res = await server.request<Review>(`/api/books/${encodeURIComponent(bookId)}/reviews`, {
    token: reader.token,
    body: { rating: 4, comment: 'A fine read.' },
  });
  expect(res.status).toBe(201);
  return res.body;
}
const reply = async (reader: Reader, reviewId: string, text: string) =>
  expect(
    (await server.request(`/api/reviews/${reviewId}/replies`, { token: reader.token, body: { text } }))
      .status,
  ).toBe(201);
const followPublic = async (follower: Reader, followee: Reader) =>
  expect(
    (await server.request(`/api/readers/${followee.id}/follow`, { method: 'POST', token: follower.token }))
      .status,
  ).toBe(200);

/** The outbox rows of one kind to `email` (stored before the request that caused them answered). */
const outbox = (email: string, kind: string) =>
  server.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.recipient, email), eq(mailMessages.kind, kind)));

/** The mail to `email` whose subject is `subject` (waits for it; signing up mailed a confirmation too). */
const mailTo = mail.mailTo;

const unsubscribeLink = (mail: ReceivedMail): string =>
  mailedLink(mail, server.config.publicUrl, '/notifications/unsubscribe').url;

describe('email choices', () => {
  it('answers the defaults, merges a partial change, and refuses what is not a choice', async () => {
    const reader = await newReader(server);
    const got = await preferences(reader);
    expect(got.status).toBe(200);
    expect(got.body.email).toEqual(DEFAULT_EMAIL_CHOICES);
    expect(Object.keys(got.body.email).sort()).toEqual([...EMAIL_NOTIFICATION_KINDS].sort());
    expect(got.body.email).toMatchObject({
      followRequest: 'instant',
      reviewReply: 'instant',
      meetingReminder: 'instant',
      newFollower: 'digest',
      reviewLike: 'digest',
      clubMeeting: 'digest',
    });

    const saved = await savePreferences(reader, { ...IN_APP, email: { reviewLike: 'off' } });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toEqual({ ...DEFAULT_EMAIL_CHOICES, reviewLike: 'off' });
    // A second change keeps the first; a request without `email` keeps both.
    await savePreferences(reader, { ...IN_APP, email: { meetingReminder: 'digest' } });
    expect((await savePreferences(reader, IN_APP)).body.email).toEqual({
      ...DEFAULT_EMAIL_CHOICES,
      reviewLike: 'off',
      meetingReminder: 'digest',
    });
    await expect(server.app.services.notifications.emailChoice(reader.id, 'meetingReminder')).resolves.toBe(
      'digest',
    );
    await expect(server.app.services.notifications.emailChoice(reader.id, 'followRequest')).resolves.toBe(
      'instant',
    );

    const badChoice = await savePreferences(reader, { ...IN_APP, email: { reviewReply: 'hourly' } });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.error.code).toBe('VALIDATION');
    const badKind = await savePreferences(reader, { ...IN_APP, email: { noSuchKind: 'off' } });
    expect(badKind.status).toBe(400);
    expect((await preferences(reader)).body.email.reviewReply).toBe('instant');
  });
});

describe('instant mail', () => {
  it('a reply mails the review author at once, in words, with an absolute link and unsubscribe headers', async () => {
    const author = await verifiedReader('Tigist Haile');
    const replier = await newReader(server, 'Dawit Mekonnen');
    const bookId = await insertGenreBook(server, 'Fikir Eske Mekabir');
    const review = await writeReview(author, bookId);
    await reply(replier, review.id, 'Loved your take on this');

    const mail = await mailTo(author.email, 'Nebab: New reply');
    const text = String(mail.parsed.text);
    expect(text).toContain('Dawit Mekonnen replied to your review of “Fikir Eske Mekabir”.');
    expect(text).toContain('Loved your take on this');
    expect(text).toContain(`${server.config.publicUrl}/book/${bookId}#review-${review.id}`);
    const link = unsubscribeLink(mail);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
  });

  it('mails in the reader’s language, and not an unconfirmed address nor a kind set to digest', async () => {
    const author = await verifiedReader('Almaz Ayana');
    await server.db.update(users).set({ language: 'am' }).where(eq(users.id, author.id));
    const fan = await newReader(server, 'Kebede Tessema');
    await setPrivacy(server, author, { profileVisibility: 'followers' });
    await followPublic(fan, author); // a follow request: instant by default
    const mail = await mailTo(author.email, 'ነባብ፦ የመከተል ጥያቄ');
    expect(String(mail.parsed.text)).toContain('Kebede Tessema እርስዎን ለመከተል ጠየቁ።');

    const unconfirmed = await newReader(server, 'Sara Bekele');
    const unconfirmedEmail = (await server.db.select().from(users).where(eq(users.id, unconfirmed.id)))[0]!
      .email;
    await setPrivacy(server, unconfirmed, { profileVisibility: 'followers' });
    await followPublic(fan, unconfirmed);
    expect(await outbox(unconfirmedEmail, 'notification')).toEqual([]);

    const popular = await verifiedReader('Haile Gebre');
    await followPublic(fan, popular); // a new follower: digest by default
    expect(await outbox(popular.email, 'notification')).toEqual([]);
  });
});

describe('daily digest', () => {
  it('two notifications make one digest with both, newest first; the same day and an empty day send nothing', async () => {
    const reader = await verifiedReader('Meseret Defar');
    const first = await newReader(server, 'Abebe Kebede');
    const second = await newReader(server, 'Lemlem Hailu');
    await followPublic(first, reader);
    await followPublic(second, reader);
    expect(await outbox(reader.email, 'notification')).toEqual([]);

    const at = new Date(Date.now() + 1000);
    const { notificationMail: service } = server.app.services;
    await service.sendDigests(at);
    const mail = await mailTo(reader.email, 'Your Nebab day: 2 new');
    const text = String(mail.parsed.text);
    expect(text).toContain('New follower (2)');
    const newer = text.indexOf('Lemlem Hailu started following you.');
    const older = text.indexOf('Abebe Kebede started following you.');
    expect(newer).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newer);
    expect(text).toContain(`${server.config.publicUrl}/reader/${second.id}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    unsubscribeLink(mail);
    const [claim] = await server.db
      .select()
      .from(notificationMail)
      .where(eq(notificationMail.userId, reader.id));
    expect(claim?.lastDigestAt?.toISOString()).toBe(at.toISOString());

    // Later the same day (another node's run, a retried job): nothing.
    await service.sendDigests(new Date(at.getTime() + 60 * 60 * 1000));
    // The next day, nothing new: nothing.
    await service.sendDigests(new Date(at.getTime() + 24 * 60 * 60 * 1000));
    expect(await outbox(reader.email, 'notification-digest')).toHaveLength(1);
  });

  it('caps a digest at 20 lines with "and N more", and leaves out kinds not set to digest', async () => {
    const reader = await verifiedReader('Gete Wami');
    const base = Date.now() - 60 * 60 * 1000;
    // Arranged directly: 22 new followers (digest) and a follow request (instant: not in the digest).
    await server.db.insert(notifications).values([
      ...Array.from({ length: 22 }, (_, i) => ({
        recipientId: reader.id,
        kind: 'newFollower',
        createdAt: new Date(base + i * 1000),
      })),
      { recipientId: reader.id, kind: 'followRequest', createdAt: new Date(base + 30_000) },
    ]);
    await server.app.services.notificationMail.sendDigests(new Date());
    const text = String((await mailTo(reader.email, 'Your Nebab day: 22 new')).parsed.text);
    expect(text).toContain('New follower (22)');
    expect(text.match(/Someone started following you\./g)).toHaveLength(20);
    expect(text).toContain('and 2 more');
    expect(text).not.toContain('asked to follow you');
  });

  it('two runs at once send one digest', async () => {
    const reader = await verifiedReader('Kenenisa Bekele');
    await followPublic(await newReader(server, 'Genzebe Dibaba'), reader);
    const at = new Date(Date.now() + 1000);
    const { notificationMail: service } = server.app.services;
    await Promise.all([service.sendDigests(at), service.sendDigests(at)]);
    expect(await outbox(reader.email, 'notification-digest')).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  it('one-click POST without sign-in turns every email off; the next notification sends no mail', async () => {
    const author = await verifiedReader('Derartu Tulu');
    const replier = await newReader(server, 'Fatuma Roba');
    const review = await writeReview(author, await insertGenreBook(server, 'Oromay'));
    await reply(replier, review.id, 'First reply');
    const link = unsubscribeLink(await mailTo(author.email, 'Nebab: New reply'));

    // A link scanner's GET changes nothing.
    await server.request(link.replace(server.config.publicUrl, ''));
    expect((await preferences(author)).body.email.reviewReply).toBe('instant');

    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(204);
    const after = await preferences(author);
    expect(Object.values(after.body.email).every((choice) => choice === 'off')).toBe(true);
    expect(after.body.replies).toBe(true); // in-app notifications stay

    await reply(replier, review.id, 'Second reply');
    expect(await outbox(author.email, 'notification')).toHaveLength(1);
  });

  it('the page’s button works with the token; a bad token is 400', async () => {
    const reader = await verifiedReader('Tirunesh Dibaba');
    const token = await server.app.services.notificationMail
      .recipient(reader.id)
      .then((r) => new URL(r!.unsubscribeUrl).searchParams.get('token')!);
    const ok = await server.request('/api/notifications/unsubscribe', { body: { token } });
    expect(ok.status).toBe(204);
    expect((await preferences(reader)).body.email.followRequest).toBe('off');

    const unknown = 'x'.repeat(43);
    const bad = await server.request<ErrorBody>('/api/notifications/unsubscribe', {
      body: { token: unknown },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION');
    const oneClick = await server.request<ErrorBody>(`/notifications/unsubscribe?token=${unknown}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(400);
    expect((await server.request('/notifications/unsubscribe', { method: 'POST' })).status).toBe(400);
  });
});
