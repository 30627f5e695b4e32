// Renders every mail template (both languages, sample data) and screenshots its HTML part at 360 px
// wide in Debian's Chromium, into docs/mail-screenshots/<kind>-<lang>.png: what a reader sees on a
// phone. Run after changing a template: `npx tsx scripts/mail-screenshots.ts`.
//
// The machine has no Ethiopic font installed; a phone has one. The page therefore gets Noto Sans
// Ethiopic (the copy the server already bundles) as a web font for the screenshot only — the mails
// themselves load nothing from anywhere.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@nebab/shared';
import { chromium } from 'playwright-core';
import { reminderWhen } from '../apps/server/src/modules/clubs/meeting-reminders.js';
import {
  loadMailTemplates,
  MAIL_KINDS,
  type MailData,
  type MailKind,
} from '../apps/server/src/modules/mail/mail.templates.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'docs/mail-screenshots');
const SITE = 'https://nebab.et';
const WIDTH = 360;

const startsAt = new Date('2026-12-05T15:00:00Z');
/** The unsubscribe page of the kinds that carry one. */
const UNSUBSCRIBE: Partial<Record<MailKind, string>> = {
  'newsletter-issue': '/newsletter/unsubscribe',
  notification: '/notifications/unsubscribe',
  'notification-digest': '/notifications/unsubscribe',
  'meeting-reminder': '/notifications/unsubscribe',
};
const name: Record<Language, string> = { en: 'Abebe Bikila', am: 'አበበ ቢቂላ' };

/** Sample data per kind and language (long enough to show wrapping: a real token, a long club name). */
function sample<K extends MailKind>(kind: K, language: Language): MailData[K] {
  const email = 'abebe.bikila.reader@example.org';
  const token = 'q3V0k9x2Lr8N1mB7cT5yW4eH6jD0fS2aP9uG8iZ1oQw';
  const data: { [T in MailKind]: MailData[T] } = {
    'password-reset': { name: name[language], email, link: `${SITE}/reset-password?token=${token}` },
    'password-google': { name: name[language], email, link: `${SITE}/login` },
    'verify-email': { name: name[language], email, link: `${SITE}/verify-email?token=${token}`, hours: 48 },
    'account-deleted': { name: name[language], email, link: `${SITE}/` },
    'newsletter-confirm': { email, link: `${SITE}/newsletter/confirm?token=${token}`, days: 7 },
    'newsletter-issue': {
      subject: language === 'am' ? 'በዚህ ወር በነባብ አዲስ' : 'New on Nebab this month',
      paragraphs:
        language === 'am'
          ? ['አሥር አዳዲስ የኢትዮጵያ ልብወለዶች ወደ ካታሎጉ ገብተዋል።', 'የቅዳሜው የጋራ ንባብ ፍቅር እስከ መቃብርን ይጀምራል።']
          : [
              'Ten new Ethiopian novels joined the catalogue this month, among them two first novels.',
              'The Saturday readalong starts Fikir Eske Mekabir: join the club and read a chapter a week.',
            ],
    },
    notification: {
      name: name[language],
      title: language === 'am' ? 'አዲስ ምላሽ' : 'New reply',
      message:
        language === 'am'
          ? 'ትዕግስት ኃይሌ ለ“ፍቅር እስከ መቃብር” ግምገማዎ ምላሽ ሰጥተዋል።'
          : 'Tigist Haile replied to your review of “Fikir Eske Mekabir”.',
      excerpt:
        language === 'am' ? 'በጣም እስማማለሁ፤ ሁለተኛው ክፍል ይበልጣል።' : 'I agree, and the second part is even better.',
      link: `${SITE}/book/ethiopian-1#reviews`,
      settingsLink: `${SITE}/dashboard/settings?section=preferences`,
    },
    'notification-digest': {
      name: name[language],
      total: language === 'am' ? '3 ማሳወቂያዎች' : '3 notifications',
      groups: [
        {
          title: language === 'am' ? 'አዲስ ተከታዮች' : 'New followers',
          count: '2',
          lines: [
            {
              text: language === 'am' ? 'ሰላም ተስፋዬ ይከተልዎታል።' : 'Selam Tesfaye follows you.',
              link: `${SITE}/reader/1`,
            },
            {
              text: language === 'am' ? 'ዳዊት መኮንን ይከተልዎታል።' : 'Dawit Mekonnen follows you.',
              link: `${SITE}/reader/2`,
            },
          ],
        },
        {
          title: language === 'am' ? 'የተወደዱ ግምገማዎች' : 'Reviews liked',
          count: '1',
          lines: [
            {
              text: language === 'am' ? 'ሔኖክ ለ“ኦሮማይ” ግምገማዎን ወደዱት።' : 'Henok liked your review of “Oromay”.',
              link: `${SITE}/book/ethiopian-2#reviews`,
            },
          ],
        },
      ],
      more: '',
      notificationsLink: `${SITE}/dashboard/notifications`,
      settingsLink: `${SITE}/dashboard/settings?section=preferences`,
    },
    'email-change-confirm': {
      name: name[language],
      email: 'abebe.new.address@example.org',
      oldEmail: email,
      link: `${SITE}/verify-email?token=${token}`,
      hours: 48,
    },
    'email-change-requested': {
      name: name[language],
      email,
      newEmail: 'abebe.new.address@example.org',
      link: `${SITE}/dashboard/settings?section=security`,
    },
    'email-changed': {
      name: name[language],
      email,
      newEmail: 'abebe.new.address@example.org',
      link: `${SITE}/dashboard/settings?section=security`,
    },
    'recovery-verify': {
      name: name[language],
      email: 'abebe.recovery@example.org',
      accountEmail: email,
      link: `${SITE}/verify-email?token=${token}`,
      hours: 48,
    },
    'account-delete-confirm': { name: name[language], email, link: `${SITE}/delete-account?token=${token}` },
    'meeting-reminder': {
      name: name[language],
      clubName: language === 'am' ? 'የአዲስ አበባ አንባቢያን ክበብ' : 'Addis Ababa Readers’ Circle',
      title:
        language === 'am'
          ? 'የአዲስ አበባ አንባቢያን ክበብ፦ ፍቅር እስከ መቃብር፣ ክፍል ሁለት'
          : 'Addis Ababa Readers’ Circle: Fikir Eske Mekabir, part two',
      when: reminderWhen(startsAt, language),
      location: 'https://meet.example.org/nebab-addis-readers-circle-december',
      filename: 'Addis-Ababa-Readers-Circle-2026-12-05.ics',
      link: `${SITE}/community/bookclub?club=7c1e4a52-0d8f-4b7e-9a51-3f2c8d6e1b90`,
    },
  };
  return data[kind];
}

function fontFace(): string {
  const require = createRequire(import.meta.url);
  const files = path.dirname(require.resolve('@fontsource/noto-sans-ethiopic/package.json'));
  return [400, 700]
    .map((weight) => {
      const woff2 = readFileSync(
        path.join(files, `files/noto-sans-ethiopic-ethiopic-${weight}-normal.woff2`),
      );
      return `@font-face{font-family:'Noto Sans Ethiopic';font-weight:${weight};src:url(data:font/woff2;base64,${woff2.toString('base64')}) format('woff2');}`;
    })
    .join('');
}

mkdirSync(OUT, { recursive: true });
const templates = loadMailTemplates();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 640 }, deviceScaleFactor: 1 });
  const faces = `<style>${fontFace()}</style>`;
  for (const kind of MAIL_KINDS) {
    for (const language of LANGUAGES) {
      // Newsletter and notification mail carry their one-click unsubscribe link in the footer.
      const unsubscribe = UNSUBSCRIBE[kind] ? `${SITE}${UNSUBSCRIBE[kind]}?token=${'u'.repeat(43)}` : null;
      const rendered = templates.render(kind, language, sample(kind, language), SITE, unsubscribe);
      await page.setContent(rendered.html.replace('</head>', `${faces}</head>`), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.warn(`${kind}-${language}: ${overflow} px wider than ${WIDTH}`);
      const file = path.join(OUT, `${kind}-${language}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${path.relative(ROOT, file)}  (${rendered.subject})`);
    }
  }
} finally {
  await browser.close();
}
