import { z } from 'zod';
import { plainName, writtenText } from './text.js';
import { ROLES, THEME_CHOICES, TOKEN_STORAGE_KEY } from './client-constants.js';
import { LANGUAGES } from './i18n.js';
import { LIMITS } from './limits.js';

// Validation rules of spec §5. Each message is a key of the `validation` section in
// `locales/{en,am}.json`; the form and the server translate it for the reader.

/** True when the password field and its confirmation both hold text, so a mismatch can be told. */
function bothFilled(value: unknown, passwordKey: string): boolean {
  if (!value || typeof value !== 'object') return false;
  const form = value as Record<string, unknown>;
  const password = form[passwordKey];
  const confirm = form.confirmPassword;
  return typeof password === 'string' && password !== '' && typeof confirm === 'string' && confirm !== '';
}

const requiredText = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, { error: requiredKey });

export const fullNameSchema = plainName(
  writtenText({ error: 'validation.fullNameRequired' })
    .trim()
    .min(1, { error: 'validation.fullNameRequired' })
    .min(LIMITS.nameMin, { error: 'validation.fullNameMin' })
    .max(LIMITS.nameMax, { error: 'validation.fullNameMax' }),
);

export const emailSchema = requiredText('validation.emailRequired')
  .max(LIMITS.emailMax, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }))
  .transform((value) => value.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(LIMITS.passwordMin, { error: 'validation.passwordMin' })
  .max(LIMITS.passwordMax, { error: 'validation.passwordMax' })
  .regex(/[A-Z]/, { error: 'validation.passwordUppercase' })
  .regex(/[a-z]/, { error: 'validation.passwordLowercase' })
  .regex(/[0-9]/, { error: 'validation.passwordDigit' })
  .regex(/[@$!%*?&]/, { error: 'validation.passwordSpecial' }); // spec §5's special characters

export const signupSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'validation.passwordsMustMatch',
    path: ['confirmPassword'],
    when: (payload) => bothFilled(payload.value, 'password'),
  });

export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(LIMITS.passwordMax, { error: 'validation.passwordMax' }),
});

export type LoginInput = z.input<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(LIMITS.passwordMax, { error: 'validation.passwordMax' }),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'validation.passwordsMustMatch',
    path: ['confirmPassword'],
    when: (payload) => bothFilled(payload.value, 'newPassword'),
  });

export { ROLES, THEME_CHOICES, TOKEN_STORAGE_KEY };
export type { ThemeChoice } from './client-constants.js';
export type Role = (typeof ROLES)[number];
/** `deleted`: an admin removed the account (anonymised; its reviews stay as "Deleted reader"). */
export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const AUTH_PROVIDERS = ['password', 'google'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** The User of spec §3 as the API presents it. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  profile_picture: z.string().nullable(),
  birth_date: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  auth_provider: z.enum(AUTH_PROVIDERS),
  status: z.enum(USER_STATUSES),
  booksRead: z.number().int(),
  reviewsWritten: z.number().int(),
  /** Interface language kept on the account; null until the reader picks one (the device's applies). */
  language: z.enum(LANGUAGES).nullable(),
  /** Theme kept on the account; null until the reader picks one (the device's applies). */
  theme: z.enum(THEME_CHOICES).nullable(),
  /** Whether the login email was confirmed (through the mailed link, or by Google). */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  landing: z.boolean(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupResponseSchema = loginResponseSchema.extend({ user: userSchema });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
