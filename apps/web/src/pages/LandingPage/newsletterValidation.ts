import { newsletterSchema } from '@nebab/shared';
import type { Language } from '@nebab/shared';

/** Checks the newsletter box with the shared schema; the message is an i18n key on failure. */
export function validateNewsletter(
  email: string,
  language: Language,
): { ok: true; email: string } | { ok: false; message: string } {
  const result = newsletterSchema.safeParse({ email, language });
  if (result.success) return { ok: true, email: result.data.email };
  return { ok: false, message: result.error.issues[0]?.message ?? 'validation.emailInvalid' };
}
