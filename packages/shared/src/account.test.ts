import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, recoveryEmailSchema, totpCodeSchema, twoFactorLoginSchema } from './account.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account contracts', () => {
  it('takes an empty birth date and location as none, trims the name', () => {
    expect(profileUpdateSchema.parse({ name: ' Abebe ', birthDate: '', location: ' ' })).toEqual({
      name: 'Abebe',
      birthDate: null,
      location: null,
    });
    expect(profileUpdateSchema.parse({ name: 'Abebe' })).toEqual({
      name: 'Abebe',
      birthDate: null,
      location: null,
    });
  });

  it.each([
    ['2999-01-01', 'account.birthDateFuture'],
    ['1899-12-31', 'account.birthDateTooEarly'],
    ['2001-02-29', 'account.birthDateInvalid'],
    ['12/04/1990', 'account.birthDateInvalid'],
  ])('refuses the birth date %s', (birthDate, key) => {
    expect(messageOf(profileUpdateSchema.safeParse({ name: 'Abebe', birthDate }))).toBe(key);
  });

  it('lower-cases a recovery email and accepts null to remove it', () => {
    expect(recoveryEmailSchema.parse({ recoveryEmail: 'Backup@Example.org' })).toEqual({
      recoveryEmail: 'backup@example.org',
    });
    expect(recoveryEmailSchema.parse({ recoveryEmail: null })).toEqual({ recoveryEmail: null });
    expect(messageOf(recoveryEmailSchema.safeParse({ recoveryEmail: 'nope' }))).toBe(
      'validation.emailInvalid',
    );
  });

  it('reads a six-digit code with spaces, and the second login step needs a code', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(messageOf(totpCodeSchema.safeParse('12345'))).toBe('account.totpCodeInvalid');
    expect(messageOf(twoFactorLoginSchema.safeParse({ challenge: 'x', code: '' }))).toBe(
      'account.totpCodeRequired',
    );
  });
});
