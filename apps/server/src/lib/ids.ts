import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** An opaque bearer token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token; only this is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A request id for logs and 5xx answers. */
export function newRequestId(): string {
  return randomUUID();
}
