import { randomBytes } from 'node:crypto';
import { LANGUAGES, type Language, type NewsletterIssueInput } from '@nebab/shared';
import type { NewsletterIssueRow } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { hashToken, newSessionToken } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import { now } from '../../lib/time.js';
import type { BatchCounts } from '../mail/mail.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { NewsletterRepository } from './newsletter.repository.js';

/** The pg-boss queue of issues being sent: `{ issueId }`, one job per batch of subscribers. */
export const NEWSLETTER_QUEUE = 'newsletter-issue';
/** A confirmation link works for a week (until used). */
export const CONFIRM_TTL_DAYS = 7;
/** Subscribers queued per job; the next batch is another job. */
export const BATCH_SIZE = 100;
/** A job (and its claim of the issue) is handed to another node after this long. */
const JOB_EXPIRY_SECONDS = 120;
const STALE_CLAIM_MS = (JOB_EXPIRY_SECONDS + 30) * 1000;

/** The mail module's batch of an issue's messages. */
export const issueBatch = (issueId: string) => `newsletter:${issueId}`;

const invalidLink = () => new ValidationError({ token: 'validation.linkInvalid' });
const languageOf = (value: string): Language => LANGUAGES.find((code) => code === value) ?? 'en';
/** Plain text → paragraphs (separated by blank lines; single line breaks stay inside one). */
const paragraphsOf = (body: string) =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

export interface NewsletterServiceDeps {
  newsletter: NewsletterRepository;
  mail: MailService;
  logger: Logger;
}

/**
 * The newsletter: double opt-in subscriptions (a mailed link confirms), one-click unsubscribe links,
 * and issues admins write in both languages and send to every confirmed subscriber, in batches
 * through the durable job queue (a job resumes where a dead node left off; at most one subscriber
 * may then receive the issue twice).
 */
export function createNewsletterService(deps: NewsletterServiceDeps) {
  const { newsletter, mail, logger } = deps;
  let queue: JobQueue | null = null;

  async function enqueue(issueId: string): Promise<void> {
    if (!queue) return; // the worker's start queues every issue left sending
    await queue.send(NEWSLETTER_QUEUE, { issueId }, { retryLimit: 20, expireInSeconds: JOB_EXPIRY_SECONDS });
  }

  /** One batch of an issue: queues a message per subscriber, then the next batch (or marks it sent). */
  async function sendBatch(issueId: string): Promise<void> {
    const at = now();
    const issue = await newsletter.claim(issueId, at, new Date(at.getTime() - STALE_CLAIM_MS));
    if (!issue) {
      const current = await newsletter.findIssue(issueId);
      // Held by another job: try again later, in case its node died.
      if (current?.status === 'sending') throw new Error('newsletter: issue held by another job');
      return;
    }
    const startedAt = issue.sendStartedAt ?? at;
    const subscribers = await newsletter.confirmedAfter(issue.cursor, startedAt, BATCH_SIZE);
    const batch = issueBatch(issue.id);
    for (const subscriber of subscribers) {
      const language = languageOf(subscriber.language);
      const subject = language === 'am' ? issue.subjectAm : issue.subjectEn;
      const body = language === 'am' ? issue.bodyAm : issue.bodyEn;
      const queued = await mail.send('newsletter-issue', {
        to: subscriber.email,
        language,
        data: { subject, paragraphs: paragraphsOf(body) },
        unsubscribeUrl: mail.link('/newsletter/unsubscribe', { token: subscriber.unsubscribeToken }),
        batch,
      });
      // Between the message and this line a dying node leaves one subscriber to be mailed again.
      if (queued) await newsletter.advance(issue.id, subscriber.id, now());
      else await newsletter.skip(issue.id, subscriber.id);
    }
    if (subscribers.length < BATCH_SIZE) {
      await newsletter.markSent(issue.id, now());
      logger.info({ issueId }, 'newsletter: every message of the issue is queued');
      return;
    }
    await newsletter.release(issue.id);
    await enqueue(issue.id);
  }

  async function resumeSending(): Promise<void> {
    for (const id of await newsletter.sendingIds()) await enqueue(id);
  }

  async function present(row: NewsletterIssueRow): Promise<NewsletterIssueRow & BatchCounts> {
    return { ...row, ...(await mail.countByBatch(issueBatch(row.id))) };
  }

  return {
    /**
     * POST /api/newsletter: a new or pending address gets a (new) confirmation link in the language
     * asked; a confirmed one nothing. The caller's answer is the same in every case.
     */
    async subscribe(email: string, language: Language): Promise<void> {
      const token = newSessionToken();
      const expiresAt = new Date(now().getTime() + CONFIRM_TTL_DAYS * 24 * 60 * 60 * 1000);
      const row = await newsletter.upsertPending(
        email,
        language,
        hashToken(token),
        expiresAt,
        randomBytes(32).toString('base64url'),
      );
      if (!row) return;
      await mail.send('newsletter-confirm', {
        to: email,
        language,
        data: { email, link: mail.link('/newsletter/confirm', { token }), days: CONFIRM_TTL_DAYS },
      });
    },

    /** POST /api/newsletter/confirm: 400 for an unknown, used or expired link. */
    async confirm(token: string): Promise<void> {
      if (!(await newsletter.confirm(hashToken(token), now()))) throw invalidLink();
    },

    /** POST /api/newsletter/unsubscribe and the one-click POST: removes the address (400 if unknown). */
    async unsubscribe(token: string): Promise<void> {
      if (!(await newsletter.unsubscribe(token))) throw invalidLink();
    },

    async createIssue(input: NewsletterIssueInput) {
      const row = await newsletter.createIssue({
        subjectEn: input.subject.en,
        subjectAm: input.subject.am,
        bodyEn: input.body.en,
        bodyAm: input.body.am,
      });
      return present(row);
    },

    async listIssues() {
      return Promise.all((await newsletter.listIssues(100)).map(present));
    },

    async getIssue(id: string) {
      const row = await newsletter.findIssue(id);
      if (!row) throw new NotFoundError('newsletter.issueNotFound');
      return present(row);
    },

    /** POST …/send: a draft starts sending (once; 409 after). */
    async sendIssue(id: string) {
      const at = now();
      const total = await newsletter.countConfirmed(at);
      const started = await newsletter.startSending(id, at, total);
      if (!started) {
        if (!(await newsletter.findIssue(id))) throw new NotFoundError('newsletter.issueNotFound');
        throw new ConflictError('newsletter.alreadySent');
      }
      await enqueue(id);
      return present(started);
    },

    /**
     * Queues a job for every issue left sending (its node stopped or died): a job goes on after the
     * cursor once the dead job's claim is stale; a live job's issue is only retried later.
     */
    resumeSending,

    /** Starts sending on this node and resumes every issue left sending (a crash, a restart). */
    async startWorker(jobs: JobQueue): Promise<void> {
      queue = jobs;
      await jobs.work<{ issueId: string }>(NEWSLETTER_QUEUE, ({ issueId }) => sendBatch(issueId));
      await resumeSending();
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
