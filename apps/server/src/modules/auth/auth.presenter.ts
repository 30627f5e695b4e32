import {
  translate,
  type Language,
  type LoginResponse,
  type LoginResult,
  type SignupResponse,
} from '@nebab/shared';
import { presentUser } from '../users/users.presenter.js';
import type { UserWithCounts } from '../users/users.service.js';
import { isTwoFactorPending, type SignedIn, type SignInResult } from './auth.service.js';

/** `{ token, role, landing, message }` of spec §3 Login response. */
export function presentLogin(result: SignedIn, language: Language): LoginResponse {
  return {
    token: result.token,
    role: result.role,
    landing: result.landing,
    message: translate('auth.loginSuccess', language),
  };
}

/** A session, or `{ twoFactorRequired, challenge, message }` when a code is still needed. */
export function presentLoginResult(result: SignInResult, language: Language): LoginResult {
  if (isTwoFactorPending(result))
    return {
      twoFactorRequired: true,
      challenge: result.challenge,
      message: translate('account.twoFactorRequired', language),
    };
  return presentLogin(result, language);
}

export function presentSignup(
  result: SignedIn & { user: UserWithCounts },
  language: Language,
): SignupResponse {
  return {
    token: result.token,
    role: result.role,
    landing: true,
    message: translate('auth.signupSuccess', language),
    user: presentUser(result.user.row, result.user.counts),
  };
}

/**
 * Where the browser lands after a Google sign-in: the client's callback page with the session in
 * the fragment (never sent to a server, never in logs), which stores the token and routes (spec §4).
 */
export function clientCallbackUrl(publicUrl: string, result: SignedIn): string {
  const fragment = new URLSearchParams({
    token: result.token,
    role: result.role,
    landing: String(result.landing),
  });
  return `${publicUrl}/auth/callback#${fragment.toString()}`;
}

/**
 * A Google sign-in of an account with two-factor sign-in: the login page asks for the code, the
 * challenge again in the fragment.
 */
export function clientTwoFactorUrl(publicUrl: string, challenge: string): string {
  return `${publicUrl}/login#${new URLSearchParams({ challenge }).toString()}`;
}

/** The login page with an error code the client translates. */
export function clientLoginErrorUrl(publicUrl: string, reason: string): string {
  return `${publicUrl}/login?${new URLSearchParams({ error: reason }).toString()}`;
}
