import type { Club, ClubMeetingList, ErrorBody, NotificationList } from '@nebab/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, users } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { createClub } from '../../../test/clubs-helpers.js';
import { signUp, type TestServer } from '../../../test/helpers.js';
import type { ReceivedMail, TestSmtpServer } from '../../../test/smtp-server.js';
import { useMailTestServer } from '../../../test/mail-test-server.js';

let smtp: TestSmtpServer;
let server: TestServer;

const mail = useMailTestServer(20);
beforeAll(() => {
  ({ smtp, server } = mail);
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;
type Account = Awaited<ReturnType<typeof signUp>>;

/** Confirms the account's address: notification mail goes to confirmed addresses only. */
async function verified(account: Account): Promise<Account> {
  await server.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, account.response.user.id));
  return account;
}

/** The reminder mail to `email` (not the sign-up's confirmation). */
const reminderTo = (email: string) =>
  smtp.waitFor((m) => m.to.includes(email) && m.parsed.attachments.length > 0);

/**
 * The clock the tests hand to `sendMeetingReminders`: ten days ahead of the real one, so the
 * every-5-minutes job running on the real clock never sees these meetings as due.
 */
const base = Math.ceil((Date.now() + 10 * DAY) / 60_000) * 60_000;

async function clubWith(owner: Account, members: Account[], visibility: 'public' | 'private') {
  const club = await createClub(server.request, owner.token, { visibility });
  for (const member of members) {
    expect(
      (await server.request(`/api/clubs/${club.id}/join`, { method: 'POST', token: member.token })).status,
    ).toBe(200);
    if (visibility === 'private')
      expect(
        (
          await server.request(`/api/clubs/${club.id}/requests/${member.response.user.id}`, {
            token: owner.token,
            body: { decision: 'approve' },
          })
        ).status,
      ).toBe(204);
  }
  return club;
}

/** Sets the club's next meeting (as its moderator) and answers its id. */
async function schedule(owner: Account, club: Club, startsAt: Date, title: string, location?: string) {
  const patched = await server.request<Club & ErrorBody>(`/api/clubs/${club.id}`, {
    method: 'PATCH',
    token: owner.token,
    body: { nextMeeting: { startsAt: startsAt.toISOString(), title, ...(location ? { location } : {}) } },
  });
  expect(patched.status, patched.text).toBe(200);
  const list = await server.request<ClubMeetingList>(`/api/clubs/${club.id}/meetings`, {
    token: owner.token,
  });
  const meeting = list.body.items[0];
  if (!meeting) throw new Error('no meeting');
  return meeting.id;
}

const reminders = (account: Account) =>
  server
    .request<NotificationList>('/api/notifications?pageSize=50', { token: account.token })
    .then((r) => r.body.items.filter((item) => item.kind === 'meetingReminder'));

const outbox = (emails: string[]) =>
  server.db
    .select()
    .from(mailMessages)
    .where(inArray(mailMessages.recipient, emails))
    .then((rows) => rows.filter((row) => row.kind === 'meeting-reminder'));

function eventOf(ics: string): VEvent {
  const event = Object.values(ical.sync.parseICS(ics)).find((item) => item?.type === 'VEVENT');
  if (!event) throw new Error(`no VEVENT in ${ics}`);
  return event as VEvent;
}

function icsAttachment(mail: ReceivedMail): string {
  const attachment = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar');
  if (!attachment) throw new Error('no text/calendar attachment');
  expect(attachment.filename).toMatch(/\.ics$/);
  return attachment.content.toString('utf8');
}

describe('meeting reminders, 24 hours before', () => {
  let owner: Account;
  let member: Account;
  let amharic: Account;
  let club: Club;
  let meetingId: string;
  let startsAt: Date;

  beforeAll(async () => {
    [owner, member, amharic] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    await server.db.update(users).set({ language: 'am' }).where(eq(users.id, amharic.response.user.id));
    await Promise.all([owner, member, amharic].map(verified));
    club = await clubWith(owner, [member, amharic], 'private');
    startsAt = new Date(base + 23 * HOUR);
    meetingId = await schedule(
      owner,
      club,
      startsAt,
      'Fikir Eske Mekabir, part 2',
      'https://meet.example/abc',
    );
  });

  it('a meeting 23 hours away: each member gets one in-app reminder and one mail with the .ics', async () => {
    const result = await server.app.services.meetingReminders.sendMeetingReminders(new Date(base));
    expect(result).toEqual({ meetings: 1, mails: 3 });

    for (const account of [owner, member, amharic]) {
      const items = await reminders(account);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        clubId: club.id,
        data: { clubName: club.name, startsAt: startsAt.toISOString() },
      });
    }

    const english = await reminderTo(member.email);
    expect(english.parsed.subject).toContain(`Reminder: ${club.name} meets`);
    expect(String(english.parsed.text)).toContain('https://meet.example/abc');
    expect(String(english.parsed.text)).toContain(`/community/bookclub?club=${club.id}`);
    // The footer tells why it came and where to change that.
    expect(String(english.parsed.text)).toContain('because of your notification settings');
    expect(String(english.parsed.text)).toContain('/dashboard/settings?section=preferences');
    const event = eventOf(icsAttachment(english));
    expect(event.uid).toBe(`${meetingId}@127.0.0.1`);
    expect(event.start.toISOString()).toBe(startsAt.toISOString());
    expect(event.end?.getTime()).toBe(startsAt.getTime() + 2 * HOUR);
    expect(event.summary).toBe(`${club.name}: Fikir Eske Mekabir, part 2`);
    expect(event.location).toBe('https://meet.example/abc');

    const inAmharic = await reminderTo(amharic.email);
    expect(inAmharic.parsed.subject).toMatch(/^ማስታወሻ፦/);
    const amEvent = eventOf(icsAttachment(inAmharic));
    expect(amEvent.uid).toBe(`${meetingId}@127.0.0.1`);
    expect(amEvent.summary).toBe(`${club.name}፦ Fikir Eske Mekabir, part 2`);
    expect(String(amEvent.description)).toContain('የመጽሐፍ ክበቡ');

    await reminderTo(owner.email);
    expect(await outbox([owner.email, member.email, amharic.email])).toHaveLength(3);
  });

  it('a second run, even by two nodes at once, reminds no one again', async () => {
    const runs = await Promise.all([
      server.app.services.meetingReminders.sendMeetingReminders(new Date(base + HOUR)),
      server.app.services.meetingReminders.sendMeetingReminders(new Date(base + HOUR)),
    ]);
    expect(runs).toEqual([
      { meetings: 0, mails: 0 },
      { meetings: 0, mails: 0 },
    ]);
    expect(await outbox([owner.email, member.email, amharic.email])).toHaveLength(3);
    for (const account of [owner, member, amharic]) expect(await reminders(account)).toHaveLength(1);
  });

  it('two nodes claiming a new due meeting at once remind its members once', async () => {
    const other = await verified(await signUp(server));
    const second = await clubWith(other, [], 'public');
    await schedule(other, second, new Date(base + 5 * HOUR), 'Oromay');
    const runs = await Promise.all([
      server.app.services.meetingReminders.sendMeetingReminders(new Date(base)),
      server.app.services.meetingReminders.sendMeetingReminders(new Date(base)),
    ]);
    expect(runs.map((run) => run.meetings).sort()).toEqual([0, 1]);
    await reminderTo(other.email);
    expect(await outbox([other.email])).toHaveLength(1);
  });

  it('moving a reminded meeting reminds its members of the new time', async () => {
    const other = await verified(await signUp(server));
    const moved = await clubWith(other, [], 'public');
    await schedule(other, moved, new Date(base + 20 * HOUR), 'Before the move');
    expect(await server.app.services.meetingReminders.sendMeetingReminders(new Date(base))).toMatchObject({
      meetings: 1,
    });
    // Renaming keeps the reminder; moving clears it.
    await schedule(other, moved, new Date(base + 20 * HOUR), 'Renamed');
    expect(await server.app.services.meetingReminders.sendMeetingReminders(new Date(base))).toMatchObject({
      meetings: 0,
    });
    await schedule(other, moved, new Date(base + 22 * HOUR), 'Moved');
    expect(await server.app.services.meetingReminders.sendMeetingReminders(new Date(base))).toEqual({
      meetings: 1,
      mails: 1,
    });
    expect(await reminders(other)).toHaveLength(1);
    expect(await outbox([other.email])).toHaveLength(2);
  });

  it('runs every 5 minutes on the durable queue’s cron (one schedule for every node)', async () => {
    const rows = await selectRows<{ name: string; cron: string; timezone: string }>(
      server.db,
      sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'meeting-reminders'`,
    );
    expect(rows).toEqual([{ name: 'meeting-reminders', cron: '*/5 * * * *', timezone: 'UTC' }]);
  });

  it('a meeting 3 days away: nothing yet', async () => {
    const other = await verified(await signUp(server));
    const later = await clubWith(other, [], 'public');
    await schedule(other, later, new Date(base + 3 * DAY), 'Later');
    const result = await server.app.services.meetingReminders.sendMeetingReminders(new Date(base));
    expect(result).toEqual({ meetings: 0, mails: 0 });
    expect(await outbox([other.email])).toHaveLength(0);
    expect(await reminders(other)).toHaveLength(0);
  });
});

describe('GET /api/clubs/:id/meetings/:meetingId/ics', () => {
  let owner: Account;
  let member: Account;
  let outsider: Account;
  let club: Club;
  let meetingId: string;
  const startsAt = new Date(base + 2 * DAY);

  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    club = await clubWith(owner, [member], 'private');
    meetingId = await schedule(owner, club, startsAt, 'Chapter one');
  });

  it('gives a member the meeting as a calendar file in their language', async () => {
    const result = await server.request(`/api/clubs/${club.id}/meetings/${meetingId}/ics`, {
      token: member.token,
      lang: 'am',
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(result.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
    const event = eventOf(result.text);
    expect(event.uid).toBe(`${meetingId}@127.0.0.1`);
    expect(event.start.toISOString()).toBe(startsAt.toISOString());
    expect(event.summary).toBe(`${club.name}፦ Chapter one`);
    expect((event.url as unknown as { val: string }).val).toBe(
      `${server.config.publicUrl}/community/bookclub?club=${club.id}`,
    );
    expect(result.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('refuses an outsider of a private club as the meeting list does (404), signed in or not', async () => {
    const path = `/api/clubs/${club.id}/meetings/${meetingId}/ics`;
    const asOutsider = await server.request<ErrorBody>(path, { token: outsider.token });
    expect(asOutsider.status).toBe(404);
    expect(asOutsider.body.error.code).toBe('NOT_FOUND');
    expect((await server.request(`/api/clubs/${club.id}/meetings`, { token: outsider.token })).status).toBe(
      404,
    );
    expect((await server.request(path)).status).toBe(404);
  });

  it('answers 404 for a meeting of another club', async () => {
    const other = await clubWith(owner, [], 'public');
    const result = await server.request<ErrorBody>(`/api/clubs/${other.id}/meetings/${meetingId}/ics`, {
      token: owner.token,
    });
    expect(result.status).toBe(404);
  });
});
