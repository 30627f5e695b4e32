import { MAIL_STATUSES, type MailMessage } from '@nebab/shared';
import type { MailMessageRow } from '../../db/schema/index.js';

export function presentMailMessage(row: MailMessageRow): MailMessage {
  return {
    id: row.id,
    recipient: row.recipient,
    kind: row.kind,
    language: row.language,
    subject: row.subject,
    status: MAIL_STATUSES.find((status) => status === row.status) ?? 'queued',
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
