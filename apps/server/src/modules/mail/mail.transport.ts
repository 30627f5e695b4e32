import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailConfig } from '../../config.js';
import type { Logger } from '../../lib/logger.js';

/** One message as it leaves: the outbox row's parts. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`, kept across attempts. */
  messageId: string;
  date: Date;
  language: string;
  /** Sent as `List-Unsubscribe` + `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). */
  unsubscribeUrl?: string | null;
  attachments?: { filename: string; contentType: string; content: string }[] | null;
}

export interface MailTransport {
  /** `smtp`: nodemailer over SMTP_URL; `file`: `.eml` files in `<dataDir>/mail`. */
  kind: 'smtp' | 'file';
  /** Resolves once the message is accepted (by the SMTP server, or written whole); throws otherwise. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Whether a failed delivery may succeed later: a 4xx reply, a refused or dropped connection, a
 * timeout, a DNS failure. Only an SMTP 5xx reply is a permanent refusal.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function messageOptions(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: {
      'Content-Language': mail.language,
      'Auto-Submitted': 'auto-generated',
      ...(mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    // nodemailer writes `List-Unsubscribe: <url>` from this.
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
    attachments: (mail.attachments ?? []).map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
  };
}

/** Every message composed by nodemailer (RFC 5322, multipart/alternative) and sent as SMTP_URL says. */
function smtpTransport(config: MailConfig & { smtpUrl: string }): MailTransport {
  // Pooled: one connection carries many messages; a dropped one is opened again on the next send. The
  // pool's own requeueing is off: a failed attempt goes back to the durable queue, which waits longer.
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxRequeues: 0,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(messageOptions(config.from, mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL: each message, composed exactly as it would be sent, written to
 * `<dir>/<date>-<id>.eml` through a temporary name and a rename (a reader of the folder never sees
 * half a file), and a log line names it.
 */
function fileTransport(config: MailConfig, dir: string, logger: Logger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async deliver(mail) {
      const info = await composer.sendMail(messageOptions(config.from, mail));
      await mkdir(dir, { recursive: true });
      const stamp = mail.date.toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${mail.messageId.replace(/^<|@.*$/g, '')}.eml`;
      const file = path.join(dir, name);
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      logger.info({ file, to: mail.to, subject: mail.subject }, 'mail: written to a file (no SMTP_URL)');
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(config: MailConfig, dataDir: string, logger: Logger): MailTransport {
  return config.smtpUrl
    ? smtpTransport({ ...config, smtpUrl: config.smtpUrl })
    : fileTransport(config, path.join(dataDir, 'mail'), logger);
}
