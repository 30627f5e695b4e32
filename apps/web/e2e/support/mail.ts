import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { currentServers } from './test';

interface WrittenMail {
  recipients: string[];
  subject: string | undefined;
  text: string;
}

/**
 * Each `.eml` file parsed once: the folder holds every mail of the run (hundreds by the last specs),
 * and parsing them all on every poll took longer than the poll's budget.
 */
const parsedFiles = new Map<string, WrittenMail>();

/** The mails the server wrote to `DATA_DIR/mail` (it runs without SMTP_URL) for `to` with `subject`. */
async function mailsTo(to: string, subject: string): Promise<string[]> {
  const dir = join(currentServers().dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const texts: string[] = [];
  for (const file of files) {
    const full = join(dir, file);
    let mail = parsedFiles.get(full);
    if (!mail) {
      const parsed = await simpleParser(await readFile(full));
      mail = {
        recipients: [parsed.to].flat().flatMap((address) => address?.value.map((v) => v.address ?? '') ?? []),
        subject: parsed.subject,
        text: String(parsed.text),
      };
      parsedFiles.set(full, mail);
    }
    if (mail.recipients.includes(to) && mail.subject === subject) texts.push(mail.text);
  }
  return texts;
}

/** Waits for the `count`-th mail to `to` with `subject` and answers the link to `pathname` it carries. */
export async function linkInMail(to: string, subject: string, pathname: string, count = 1): Promise<string> {
  let texts: string[] = [];
  await expect
    .poll(async () => {
      texts = await mailsTo(to, subject);
      return texts.length;
    })
    .toBeGreaterThanOrEqual(count);
  const link = new RegExp(`https?://[^\\s]+${pathname}\\?token=[A-Za-z0-9_-]+`).exec(
    texts[count - 1] ?? '',
  )?.[0];
  if (!link) throw new Error(`no ${pathname} link in the mail to ${to}`);
  return link;
}
