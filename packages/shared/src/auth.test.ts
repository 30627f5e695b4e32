import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './auth.js';
import { translate } from './i18n.js';
import { filterAuthors, preferencesSchema } from './preferences.js';

const valid = {
  fullName: 'Abebe Bikila',
  email: 'abebe@example.com',
  password: 'Marathon1960!',
  confirmPassword: 'Marathon1960!',
};

/** The first message for each field, translated, as the form and the API show it. */
function firstMessages(input: unknown, language: 'en' | 'am' = 'en'): Record<string, string> {
  const result = signupSchema.safeParse(input);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= translate(issue.message, language);
  }
  return out;
}

describe('signup rules (spec §5)', () => {
  it('accepts a valid form and lower-cases the email', () => {
    const parsed = signupSchema.parse({ ...valid, email: 'Abebe@Example.COM' });
    expect(parsed.email).toBe('abebe@example.com');
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Full name is required'],
    [{ fullName: 'Al' }, 'fullName', 'Full Name must be at least 3 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'lowercase1!', confirmPassword: 'lowercase1!' },
      'password',
      'Must contain at least one uppercase letter',
    ],
    [
      { password: 'UPPERCASE1!', confirmPassword: 'UPPERCASE1!' },
      'password',
      'Must contain at least one lowercase letter',
    ],
    [
      { password: 'NoDigits!!', confirmPassword: 'NoDigits!!' },
      'password',
      'Must contain at least one number',
    ],
    [
      { password: 'NoSpecial12', confirmPassword: 'NoSpecial12' },
      'password',
      'Must contain at least one special character',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirm password is required'],
    [{ confirmPassword: 'Different1!' }, 'confirmPassword', 'Passwords must match'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(firstMessages({ ...valid, ...patch })[field]).toBe(message);
  });

  it('tells a mismatch even when another field also fails', () => {
    expect(firstMessages({ ...valid, fullName: '', confirmPassword: 'Other1234!' })).toMatchObject({
      fullName: 'Full name is required',
      confirmPassword: 'Passwords must match',
    });
  });

  it('answers in Amharic', () => {
    expect(firstMessages({ ...valid, email: 'x' }, 'am').email).toBe('የኢሜይል ቅርጸቱ ትክክል አይደለም');
  });

  it('requires both login fields', () => {
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    const keys = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(keys).toContain('validation.emailRequired');
    expect(keys).toContain('validation.passwordRequired');
  });
});

describe('preferences (spec §5)', () => {
  it('needs a language and a genre', () => {
    const result = preferencesSchema.safeParse({ languages: [], genres: [] });
    expect(result.success).toBe(false);
    const keys = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(keys).toEqual(['validation.languagesRequired', 'validation.genresRequired']);
  });

  it('defaults the optional answers', () => {
    expect(preferencesSchema.parse({ languages: ['am'], genres: ['history'] })).toEqual({
      languages: ['am'],
      genres: ['history'],
      ageGroup: null,
      bookLength: null,
      authors: [],
    });
  });

  it('filters the 15 authors case-insensitively by substring', () => {
    expect(filterAuthors('ALEM')).toEqual(['Haddis Alemayehu']);
    expect(filterAuthors('ma')).toContain('Maaza Mengiste');
    expect(filterAuthors('ma', ['Maaza Mengiste'])).not.toContain('Maaza Mengiste');
    expect(filterAuthors('   ')).toEqual([]);
  });
});
