import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; its const enum cannot be imported under
 * verbatimModuleSyntax) with the OWASP baseline: 19 MiB, 2 passes, 1 lane, about 40 ms here.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account (or no password) to check,
 * so response times do not tell which emails exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
