import { z } from 'zod';
import { writtenText } from './text.js';

/** A token from a mailed newsletter link (anything else is simply unknown). */
const newsletterTokenSchema = z
  .string({ error: 'validation.linkInvalid' })
  .min(1, { error: 'validation.linkInvalid' })
  .max(200, { error: 'validation.linkInvalid' });

/** POST /api/newsletter/confirm and POST /api/newsletter/unsubscribe */
export const newsletterTokenBodySchema = z.object({ token: newsletterTokenSchema });
export type NewsletterTokenBody = z.input<typeof newsletterTokenBodySchema>;

/** POST /newsletter/unsubscribe?token=… (RFC 8058 one-click, from the mail client) */
export const newsletterOneClickQuerySchema = z.object({ token: newsletterTokenSchema });

export const NEWSLETTER_LIMITS = { subjectMax: 200, bodyMax: 20_000 } as const;

const subjectText = writtenText({ error: 'validation.newsletterSubjectRequired' })
  .trim()
  .min(1, { error: 'validation.newsletterSubjectRequired' })
  .max(NEWSLETTER_LIMITS.subjectMax, { error: 'validation.newsletterSubjectMax' });
const bodyText = writtenText({ error: 'validation.newsletterBodyRequired' })
  .trim()
  .min(1, { error: 'validation.newsletterBodyRequired' })
  .max(NEWSLETTER_LIMITS.bodyMax, { error: 'validation.newsletterBodyMax' });

/** POST /api/admin/newsletter/issues: an issue in both languages; the body is plain text (paragraphs). */
export const newsletterIssueInputSchema = z.object({
  subject: z.object({ en: subjectText, am: subjectText }),
  body: z.object({ en: bodyText, am: bodyText }),
});
export type NewsletterIssueInput = z.input<typeof newsletterIssueInputSchema>;

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export const newsletterIssueSchema = z.object({
  id: z.string(),
  subject: z.object({ en: z.string(), am: z.string() }),
  body: z.object({ en: z.string(), am: z.string() }),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  /** Confirmed subscribers it goes to (while sending), the messages queued (once sent). */
  total: z.number().int(),
  /** Delivered to the mail server, and refused for good: from the mail outbox. */
  sent: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

export const newsletterIssueListSchema = z.object({ items: z.array(newsletterIssueSchema) });
export type NewsletterIssueList = z.infer<typeof newsletterIssueListSchema>;

/** 202 of POST /api/newsletter (whatever the address's state). */
export const newsletterAcceptedSchema = z.object({ accepted: z.literal(true) });
