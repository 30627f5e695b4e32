import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { LANGUAGES, type Language } from '@nebab/shared';

/** The mails Nebab sends; each has `<kind>.subject|text|html.hbs` in `templates/<language>/`. */
export const MAIL_KINDS = [
  'password-reset',
  'password-google',
  'verify-email',
  'account-deleted',
  'newsletter-confirm',
  'newsletter-issue',
  'notification',
  'notification-digest',
  'email-change-confirm',
  'email-change-requested',
  'email-changed',
  'recovery-verify',
  'account-delete-confirm',
  'meeting-reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What each template reads (checked by the compiler here, and by Handlebars' strict mode there). */
export interface MailData {
  'password-reset': { name: string; email: string; link: string };
  'password-google': { name: string; email: string; link: string };
  'verify-email': { name: string; email: string; link: string; hours: number };
  'account-deleted': { name: string; email: string; link: string };
  'newsletter-confirm': { email: string; link: string; days: number };
  /** An issue an admin wrote: plain text, one entry per paragraph (escaped in the HTML part). */
  'newsletter-issue': { subject: string; paragraphs: string[] };
  /** One notification at once: what happened in words (`message`), a quoted text or '', and links. */
  notification: {
    name: string;
    title: string;
    message: string;
    excerpt: string;
    link: string;
    settingsLink: string;
  };
  /** The daily digest: groups of one kind (newest first), `more` = "and N more" or ''. */
  'notification-digest': {
    name: string;
    total: string;
    groups: { title: string; count: string; lines: { text: string; link: string }[] }[];
    more: string;
    notificationsLink: string;
    settingsLink: string;
  };
  /** To the new address: the link that makes it the login address (`email`: the new one). */
  'email-change-confirm': { name: string; email: string; oldEmail: string; link: string; hours: number };
  /** To the old address when a change is asked for (`link`: the Settings page). */
  'email-change-requested': { name: string; email: string; newEmail: string; link: string };
  /** To the old address once the new one confirmed. */
  'email-changed': { name: string; email: string; newEmail: string; link: string };
  'recovery-verify': { name: string; email: string; accountEmail: string; link: string; hours: number };
  'account-delete-confirm': { name: string; email: string; link: string };
  /**
   * A club meeting within 24 hours: `title` the meeting's (or "Meeting"), `when` its start in the
   * reader's language, `location` the place or link ('' when none), `filename` the attached `.ics`,
   * `link` the club's page (the footer links to the notification settings).
   */
  'meeting-reminder': {
    name: string;
    clubName: string;
    title: string;
    when: string;
    location: string;
    filename: string;
    link: string;
  };
}

/**
 * Mail a reader gets because of their notification settings (not because of something just done):
 * the footer says so and links to those settings.
 */
const NOTICE_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'meeting-reminder',
  'notification',
  'notification-digest',
]);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const TEMPLATES_DIR = fileURLToPath(new URL('./templates/', import.meta.url));

type Template = Handlebars.TemplateDelegate;

interface LanguageTemplates {
  layoutText: Template;
  layoutHtml: Template;
  kinds: Record<MailKind, { subject: Template; text: Template; html: Template }>;
}

/**
 * Compiles every template once (at start: a missing or broken file fails the start, not a send).
 * Text parts are not HTML-escaped; in HTML parts `{{…}}` is escaped and only the layout's `{{{body}}}`
 * takes markup (the rendered part). Strict mode turns a variable the data lacks into an error.
 */
export function loadMailTemplates(dir: string = TEMPLATES_DIR) {
  const compile = (file: string, escape: boolean) =>
    Handlebars.compile(readFileSync(`${dir}${file}`, 'utf8'), { strict: true, noEscape: !escape });
  const byLanguage = Object.fromEntries(
    LANGUAGES.map((language): [Language, LanguageTemplates] => [
      language,
      {
        layoutText: compile(`${language}/layout.text.hbs`, false),
        layoutHtml: compile(`${language}/layout.html.hbs`, true),
        kinds: Object.fromEntries(
          MAIL_KINDS.map((kind) => [
            kind,
            {
              subject: compile(`${language}/${kind}.subject.hbs`, false),
              text: compile(`${language}/${kind}.text.hbs`, false),
              html: compile(`${language}/${kind}.html.hbs`, true),
            },
          ]),
        ) as LanguageTemplates['kinds'],
      },
    ]),
  ) as Record<Language, LanguageTemplates>;

  return {
    render<K extends MailKind>(
      kind: K,
      language: Language,
      data: MailData[K],
      siteUrl: string,
      /** Newsletter and notification mail: the one-click unsubscribe link the footer offers. */
      unsubscribeUrl: string | null = null,
    ): RenderedMail {
      const set = byLanguage[language];
      const parts = set.kinds[kind];
      const subject = parts.subject(data).trim();
      const footer = {
        siteUrl,
        unsubscribeUrl,
        notice: NOTICE_KINDS.has(kind),
        settingsUrl: `${siteUrl}/dashboard/settings?section=preferences`,
      };
      return {
        subject,
        text: set.layoutText({ body: parts.text(data).trim(), ...footer }),
        html: set.layoutHtml({ body: parts.html(data), subject, ...footer }),
      };
    },
  };
}

export type MailTemplates = ReturnType<typeof loadMailTemplates>;
