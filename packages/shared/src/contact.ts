import { z } from 'zod';
import { LANGUAGES } from './i18n.js';
import { LIMITS } from './limits.js';
import { writtenText } from './text.js';

/** Bounds of the contact form and how often it may be sent. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  /** Messages one IP address may send per window. */
  perIp: 5,
  /** Messages one email address may send per window. */
  perEmail: 3,
  windowMs: 60 * 60 * 1000,
} as const;

/** `POST /api/contact`: the contact form of `/contact` (visitors and readers alike). */
export const contactMessageInputSchema = z.object({
  name: writtenText('contact.nameRequired')
    .trim()
    .min(1, 'contact.nameRequired')
    .max(CONTACT_LIMITS.nameMax, 'contact.nameMax'),
  email: z
    .string('validation.emailRequired')
    .trim()
    .toLowerCase()
    .min(1, 'validation.emailRequired')
    .max(LIMITS.emailMax, 'validation.emailInvalid')
    .pipe(z.email('validation.emailInvalid')),
  subject: writtenText('contact.subjectRequired')
    .trim()
    .min(1, 'contact.subjectRequired')
    .max(CONTACT_LIMITS.subjectMax, 'contact.subjectMax'),
  message: writtenText('contact.messageRequired')
    .trim()
    .min(1, 'contact.messageRequired')
    .min(CONTACT_LIMITS.messageMin, 'contact.messageMin')
    .max(CONTACT_LIMITS.messageMax, 'contact.messageMax'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;
export type ContactMessageValues = z.input<typeof contactMessageInputSchema>;

/** `POST /api/contact` answer (201). */
export const contactReceiptSchema = z.object({ id: z.string(), received: z.literal(true) });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** A stored contact message as admins read it (`/api/admin/contact-messages`). */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(CONTACT_STATUSES),
  /** The sender's account when they were signed in (null for visitors and removed accounts). */
  userId: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListQuerySchema = z.object({
  status: z.enum(CONTACT_STATUSES, 'validation.invalid').optional(),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(10_000, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(50, 'validation.invalid')
    .default(20),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

export const contactMessageListSchema = z.object({
  items: z.array(contactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Messages not yet handled, whatever the filter. */
  newCount: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactMessageParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const contactMessagePatchSchema = z.object({ status: z.enum(CONTACT_STATUSES, 'validation.invalid') });
export type ContactMessagePatch = z.infer<typeof contactMessagePatchSchema>;
