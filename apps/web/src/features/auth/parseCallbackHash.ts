import { ROLES, type Role } from '@nebab/shared';

export interface CallbackResult {
  token: string;
  role: Role;
  landing: boolean;
}

/** Reads `#token=…&role=…&landing=true|false` left by the Google sign-in redirect; null when unusable. */
export function parseCallbackHash(hash: string): CallbackResult | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  const role = params.get('role');
  if (!token) return null;
  return {
    token,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'user',
    landing: params.get('landing') === 'true',
  };
}
