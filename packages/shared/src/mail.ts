import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.js';

/** Where a message in the outbox stands (see the mail module). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

const pageNumber = (max: number, fallback: number) =>
  z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(max, 'validation.invalid')
    .default(fallback);

/** GET /api/admin/mail */
export const mailListQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES, 'validation.invalid').optional(),
  page: pageNumber(10_000, 1),
  pageSize: pageNumber(100, 20),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

/** One outgoing message as admins see it (never its body: it may hold a one-time link). */
export const mailMessageSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  kind: z.string(),
  language: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The last SMTP reply or connection error. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailListSchema = z.object({
  items: z.array(mailMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MailList = z.infer<typeof mailListSchema>;

/** POST /api/auth/password/forgot */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A token from a mailed link (base64url, 43 characters; anything else is simply unknown). */
export const linkTokenSchema = z
  .string({ error: 'validation.linkInvalid' })
  .min(1, { error: 'validation.linkInvalid' })
  .max(200, { error: 'validation.linkInvalid' });

/** POST /api/auth/password/reset */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/auth/email/verify */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });
/** `POST /api/account/delete/confirm`: the token of the mailed deletion link. */
export const accountDeleteConfirmSchema = z.object({ token: linkTokenSchema });
export type AccountDeleteConfirmInput = z.input<typeof accountDeleteConfirmSchema>;
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** 202 of POST /api/auth/password/forgot and /api/auth/email/resend. */
export const mailAcceptedSchema = z.object({ accepted: z.literal(true) });
export type MailAccepted = z.infer<typeof mailAcceptedSchema>;
