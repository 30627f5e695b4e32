import type { NewsletterIssue } from '@nebab/shared';
import type { NewsletterIssueRow } from '../../db/schema/index.js';
import type { BatchCounts } from '../mail/mail.service.js';

export function presentIssue(row: NewsletterIssueRow & BatchCounts): NewsletterIssue {
  return {
    id: row.id,
    subject: { en: row.subjectEn, am: row.subjectAm },
    body: { en: row.bodyEn, am: row.bodyAm },
    status: row.status === 'sending' || row.status === 'sent' ? row.status : 'draft',
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
