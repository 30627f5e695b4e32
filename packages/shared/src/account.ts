import { z } from 'zod';
import { emailSchema, fullNameSchema, loginResponseSchema } from './auth.js';
import { THEME_CHOICES } from './client-constants.js';
import { LANGUAGES } from './i18n.js';
import { LIMITS } from './limits.js';
import { writtenText } from './text.js';

/** Bounds of the account settings (profile, avatar, two-factor sign-in). */
export const ACCOUNT_LIMITS = {
  locationMax: 100,
  /** Birth dates before this day are refused as typing mistakes. */
  birthDateMin: '1900-01-01',
  avatarMaxBytes: 2 * 1024 * 1024,
  totpDigits: 6,
  totpPeriodSeconds: 30,
  recoveryCodeCount: 10,
} as const;

/** Image types a profile picture may have (checked by content on the server). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Today as `YYYY-MM-DD` in UTC. */
export function todayIso(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD`, a real day, not in the future and not before 1900; empty means none. */
export const birthDateSchema = z
  .string({ error: 'account.birthDateInvalid' })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'account.birthDateInvalid' })
      .refine(isRealDate, { error: 'account.birthDateInvalid' })
      .refine((value) => value >= ACCOUNT_LIMITS.birthDateMin, { error: 'account.birthDateTooEarly' })
      .refine((value) => value <= todayIso(), { error: 'account.birthDateFuture' })
      .nullable(),
  );

/** PUT /api/account/profile: the Personal section's editable fields. */
export const profileUpdateSchema = z.object({
  name: fullNameSchema,
  birthDate: z.union([z.null(), birthDateSchema]).default(null),
  location: writtenText({ error: 'validation.invalid' })
    .trim()
    .max(ACCOUNT_LIMITS.locationMax, { error: 'account.locationMax' })
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null)),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * PUT /api/account/display: the interface language and theme kept on the account, so every device
 * the reader signs in on opens in them. Either or both.
 */
export const accountDisplaySchema = z
  .object({
    language: z.enum(LANGUAGES, 'validation.invalid').optional(),
    theme: z.enum(THEME_CHOICES, 'validation.invalid').optional(),
  })
  .refine((value) => value.language !== undefined || value.theme !== undefined, {
    error: 'validation.invalid',
  });
export type AccountDisplay = z.infer<typeof accountDisplaySchema>;

/** One sign-in of the reader (a live session), for the Connected devices list. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser's user agent as it was sent, or null. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** True for the session of this request ("This device"). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** GET /api/account/security: what the Security section shows. */
export const accountSecuritySchema = z.object({
  /** False for Google-only accounts, which have no password to change. */
  hasPassword: z.boolean(),
  recoveryEmail: z.string().nullable(),
  /** Whether the recovery email was confirmed through the mailed link (only then it receives reset links). */
  recoveryEmailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** PUT /api/account/recovery-email; null removes it. */
export const recoveryEmailSchema = z.object({
  recoveryEmail: emailSchema.nullable(),
});
export type RecoveryEmailInput = z.input<typeof recoveryEmailSchema>;

/** A six-digit authenticator code (spaces allowed, removed). */
export const totpCodeSchema = z
  .string({ error: 'account.totpCodeRequired' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'account.totpCodeInvalid' }));

/** An authenticator code or a recovery code (xxxxx-xxxxx). */
export const secondFactorCodeSchema = z
  .string({ error: 'account.totpCodeRequired' })
  .trim()
  .min(1, { error: 'account.totpCodeRequired' })
  .max(32, { error: 'account.totpCodeInvalid' });

/** POST /api/account/two-factor/setup: a new secret to scan. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an `image/svg+xml` data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/account/two-factor/enable */
export const twoFactorEnableSchema = z.object({ code: totpCodeSchema });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** The one-time recovery codes, shown once after enabling. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/account/two-factor/disable: the password (when the account has one) and a code. */
export const twoFactorDisableSchema = z.object({
  password: z.string().max(LIMITS.passwordMax, { error: 'validation.passwordMax' }).optional(),
  code: secondFactorCodeSchema,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/auth/login answer when the account has two-factor sign-in: no token yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/login answers a session, or a challenge for the second factor. */
export const loginResultSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export function isTwoFactorChallenge(value: LoginResult): value is TwoFactorChallenge {
  return 'twoFactorRequired' in value && value.twoFactorRequired === true;
}

/** POST /api/auth/login/2fa */
export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(200),
  code: secondFactorCodeSchema,
});
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/** DELETE /api/account: the reader's password confirms that they leave for good. */
export const accountDeleteSchema = z.object({
  /**
   * Required when the account has a password. A Google-only account sends none: the answer is 202 and
   * a mailed link (`POST /api/account/delete/confirm`) finishes the deletion.
   */
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(LIMITS.passwordMax, { error: 'validation.passwordMax' })
    .optional(),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

/** `PUT /api/account/email`: the new login address (confirmed by a mailed link) and the password. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(LIMITS.passwordMax, { error: 'validation.passwordMax' }),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
