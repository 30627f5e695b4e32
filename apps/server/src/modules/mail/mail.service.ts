import { randomUUID } from 'node:crypto';
import type { Language, MailListQuery } from '@nebab/shared';
import type { MailConfig } from '../../config.js';
import type { JobQueue } from '../../lib/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';
import { now } from '../../lib/time.js';
import type { Db } from '../../db/client.js';
import type { MailAttachment } from '../../db/schema/index.js';
import type { MailRepository } from './mail.repository.js';
import type { MailData, MailKind, MailTemplates } from './mail.templates.js';
import { isPermanentFailure, type MailTransport } from './mail.transport.js';

/** The pg-boss queue of deliveries: `{ mailId }`. */
export const MAIL_QUEUE = 'mail';

/**
 * Temporary failures are retried by pg-boss with exponential backoff from 2 s (2, 4, 8 … s: about
 * two and a quarter hours over 12 retries); the message fails for good after the last.
 */
const RETRY_LIMIT = 12;
const MAX_ATTEMPTS = RETRY_LIMIT + 1;
/** A job (and its claim of the message) is handed to another node after this long. */
const DELIVERY_EXPIRY_SECONDS = 120;
const STALE_CLAIM_MS = (DELIVERY_EXPIRY_SECONDS + 30) * 1000;
/** Messages a node hands to the transport per poll of the queue (its SMTP pool sends them in turn). */
const DELIVERY_BATCH = 25;

export interface MailServiceDeps {
  repo: MailRepository;
  transport: MailTransport;
  templates: MailTemplates;
  config: MailConfig;
  publicUrl: string;
  rateLimiters: RateLimiters;
  logger: Logger;
}

export interface MailRequest<K extends MailKind> {
  to: string;
  language: Language;
  data: MailData[K];
  /** Newsletter and notification mail: the one-click unsubscribe link (footer and headers). */
  unsubscribeUrl?: string;
  /** Text files sent with it (a meeting's `.ics`). */
  attachments?: MailAttachment[];
  /**
   * A mailing it belongs to (`newsletter:<issue id>`): `countByBatch` tells its progress. Mailings go
   * to confirmed subscribers by an admin's decision, so they do not count against the per-address limit.
   */
  batch?: string;
}

/** What a failure looks like in the outbox: the SMTP reply, or the error's code and message. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { responseCode, response, code } = error as Error & {
    responseCode?: number;
    response?: string;
    code?: string;
  };
  if (response) return `${responseCode ?? ''} ${response}`.trim().slice(0, 500);
  return `${code ? `${code}: ` : ''}${error.message}`.slice(0, 500);
}

/**
 * Outgoing mail. `send` renders a template in the recipient's language, stores the message in the
 * outbox and queues its delivery (pg-boss, the imports' queue): the request that asked for it never
 * waits on an SMTP server. The worker claims the message, hands it to the transport and records the
 * outcome; a temporary failure puts it back and throws, so pg-boss retries the job with backoff.
 */
export function createMailService(deps: MailServiceDeps) {
  const { repo, transport, templates, logger } = deps;
  const perAddress = deps.rateLimiters.create('mail-address', {
    limit: deps.config.rateLimit.perAddress,
    windowMs: deps.config.rateLimit.windowMs,
  });
  const messageIdHost = new URL(deps.publicUrl).hostname;
  let queue: JobQueue | null = null;

  async function enqueue(mailId: string): Promise<void> {
    if (!queue) return; // the worker's start queues every pending message
    await queue.send(
      MAIL_QUEUE,
      { mailId },
      { retryLimit: RETRY_LIMIT, expireInSeconds: DELIVERY_EXPIRY_SECONDS },
    );
  }

  async function deliver(mailId: string): Promise<void> {
    const at = now();
    const row = await repo.claim(mailId, at, new Date(at.getTime() - STALE_CLAIM_MS));
    if (!row) {
      // Sent or failed: nothing to do. Held by another node: try again later, in case that node died.
      if ((await repo.status(mailId)) === 'sending') throw new Error('mail: being sent by another node');
      return;
    }
    try {
      await transport.deliver({
        to: row.recipient,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody ?? '',
        messageId: row.messageId,
        date: row.createdAt,
        language: row.language,
        unsubscribeUrl: row.unsubscribeUrl,
        attachments: row.attachments,
      });
    } catch (error) {
      const reason = describeFailure(error);
      if (isPermanentFailure(error) || row.attempts >= MAX_ATTEMPTS) {
        await repo.markFailed(row.id, reason);
        logger.warn({ mailId, to: row.recipient, reason, attempts: row.attempts }, 'mail: failed for good');
        return;
      }
      await repo.release(row.id, reason);
      logger.warn({ mailId, reason, attempts: row.attempts }, 'mail: delivery failed; retried later');
      throw error;
    }
    await repo.markSent(row.id, now());
  }

  /** Renders the message and stores it in the outbox; its id, or null when the address is over its limit. */
  async function store<K extends MailKind>(
    kind: K,
    request: MailRequest<K>,
    tx?: Db,
  ): Promise<string | null> {
    const to = request.to.trim().toLowerCase();
    // A newsletter issue (a batch) goes to confirmed subscribers on an admin's decision: not counted.
    const verdict = request.batch ? { allowed: true } : await perAddress.hit(to);
    if (!verdict.allowed) {
      logger.warn({ kind, to }, 'mail: too many messages to this address; dropped');
      return null;
    }
    const rendered = templates.render(
      kind,
      request.language,
      request.data,
      deps.publicUrl,
      request.unsubscribeUrl ?? null,
    );
    const id = randomUUID();
    await repo.insert(
      {
        id,
        recipient: to,
        kind,
        language: request.language,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        messageId: `<${id}@${messageIdHost}>`,
        unsubscribeUrl: request.unsubscribeUrl ?? null,
        attachments: request.attachments ?? null,
        batch: request.batch ?? null,
      },
      tx,
    );
    return id;
  }

  return {
    /** An absolute link to a page of the site (`/reset-password?token=…` → `https://…/reset-password?…`). */
    link(pathname: string, query: Record<string, string> = {}): string {
      const url = new URL(pathname, `${deps.publicUrl}/`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.href;
    },

    /**
     * Renders and queues one message. Past the per-address limit it is dropped and logged (false):
     * Nebab cannot be used to flood an inbox, and the caller's answer does not change.
     */
    async send<K extends MailKind>(kind: K, request: MailRequest<K>): Promise<boolean> {
      const id = await store(kind, request);
      if (!id) return false;
      await enqueue(id);
      return true;
    },

    /**
     * `send` inside the caller's transaction: the message is stored with the caller's rows (both or
     * neither). Answers the function that queues its delivery, to call after the commit, or null
     * when the per-address limit dropped it. (Stored but never queued, e.g. a crash between: the
     * next start of a worker queues it.)
     */
    async prepare<K extends MailKind>(
      kind: K,
      request: MailRequest<K>,
      tx: Db,
    ): Promise<(() => Promise<void>) | null> {
      const id = await store(kind, request, tx);
      return id ? () => enqueue(id) : null;
    },

    /** Starts delivering on this node and queues every message left undelivered (a crash, a restart). */
    async startWorker(jobs: JobQueue): Promise<void> {
      queue = jobs;
      // Up to DELIVERY_BATCH messages a poll (a newsletter issue queues thousands at once); a second
      // run of a delivered message finds it sent and does nothing.
      await jobs.work<{ mailId: string }>(MAIL_QUEUE, ({ mailId }) => deliver(mailId), {
        batchSize: DELIVERY_BATCH,
      });
      for (const id of await repo.pendingIds()) await enqueue(id);
    },

    /** The outbox for admins, newest first (`status=failed`: what never went out). */
    list: (query: MailListQuery) =>
      repo.list(query.status, query.pageSize, (query.page - 1) * query.pageSize),

    /** How the messages of a mailing stand (queued or being sent, sent, failed for good). */
    countByBatch: (batch: string) => repo.countByBatch(batch),

    /** Which transport this node uses (`smtp` or `file`). */
    transportKind: transport.kind,
    close: () => transport.close(),
  };
}

export type MailService = ReturnType<typeof createMailService>;

/** How far a batch (a newsletter issue) got: queued, sent and failed messages. */
export type { BatchCounts } from './mail.repository.js';
