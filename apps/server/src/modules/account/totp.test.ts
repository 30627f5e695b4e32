import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newRecoveryCodes,
  normalizeRecoveryCode,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.js';

/** RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (the last six of the eight digits). */
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP (RFC 6238)', () => {
  it('encodes base32 like RFC 4648 and decodes it back', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi').toString()).toBe('foobar');
    expect(() => base32Decode('M1')).toThrow();
  });

  it.each(RFC_VECTORS)('gives the RFC code at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code);
  });

  it('accepts one step of drift either way, not two, and never a used step again', () => {
    const at = new Date(1_234_567_890_000);
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at, step)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, 'abcdef', at, null)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps scan', () => {
    expect(otpauthUri('ABC', 'a@b.org', 'Nebab')).toBe(
      'otpauth://totp/Nebab:a%40b.org?secret=ABC&issuer=Nebab&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('makes ten distinct recovery codes and reads them back however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const first = codes[0] ?? '';
    expect(normalizeRecoveryCode(first.toUpperCase().replace('-', ' '))).toBe(first);
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });
});
