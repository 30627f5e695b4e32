import * as oidc from 'openid-client';
import { isGoogleConfigured, type AppConfig } from '../../config.js';
import { AppError, NotConfiguredError } from '../../lib/errors.js';
import { addMinutes, isOlderThan, now } from '../../lib/time.js';
import { RegistrationClosedError } from '../site-settings/site-settings.service.js';
import type { AuthRepository } from './auth.repository.js';
import type { ClientInfo } from '../../lib/actor.js';
import type { AuthService, SignInResult } from './auth.service.js';
import type { Logger } from '../../lib/logger.js';

/** A pending sign-in is void after this long. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

/** Why a Google sign-in ended without a session; the route turns it into `/login?error=…`. */
export class ExternalSignInError extends Error {
  override name = 'ExternalSignInError';

  constructor(
    readonly reason: 'google_failed' | 'suspended' | 'google_not_configured' | 'registration_closed',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

export interface GoogleSignInDeps {
  config: AppConfig;
  authRepo: AuthRepository;
  auth: AuthService;
  logger: Logger;
}

/** The claims we read, from the ID token and then the userinfo endpoint. */
interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * "Sign in with Google" as an OpenID Connect relying party: authorization code flow with
 * PKCE (S256), state and nonce. The issuer is configurable, so tests and the browser suite run it
 * against a local OpenID provider. Pending sign-ins live in the database (any node can finish them)
 * and are bound to the browser by a cookie holding the state.
 */
export function createGoogleSignIn({ config, authRepo, auth, logger }: GoogleSignInDeps) {
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** Provider metadata, discovered once per process (retried after a failure). */
  function providerConfiguration(): Promise<oidc.Configuration> {
    if (!config.googleClientId || !config.googleClientSecret) {
      return Promise.reject(new NotConfiguredError('auth.googleNotConfigured'));
    }
    discovered ??= oidc
      .discovery(
        new URL(config.oidcIssuer),
        config.googleClientId,
        config.googleClientSecret,
        undefined,
        config.oidcAllowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  function isConfigured(): boolean {
    return isGoogleConfigured(config);
  }

  /** Records a pending sign-in and answers the provider URL to send the browser to. */
  async function start(): Promise<{ url: string; state: string }> {
    if (!isConfigured())
      throw new ExternalSignInError('google_not_configured', 'Google sign-in is not configured');
    let configuration: oidc.Configuration;
    try {
      configuration = await providerConfiguration();
    } catch (error) {
      throw new ExternalSignInError('google_failed', 'OpenID discovery failed', { cause: error });
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await authRepo.purgeOidcSignIns(addMinutes(now(), -OIDC_STATE_TTL_MS / 60_000));
    await authRepo.saveOidcSignIn({ state, codeVerifier, nonce });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /** Reads the verified identity: ID token claims, completed by userinfo. */
  async function readIdentity(
    configuration: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ) {
    const idClaims = tokens.claims();
    if (!idClaims) throw new ExternalSignInError('google_failed', 'no ID token');
    const claims: IdentityClaims = { ...idClaims };
    if (configuration.serverMetadata().userinfo_endpoint) {
      try {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        for (const key of ['email', 'email_verified', 'name', 'picture'] as const) {
          if (info[key] !== undefined) claims[key] = info[key];
        }
      } catch (error) {
        logger.warn({ err: error }, 'userinfo request failed; using the ID token claims only');
      }
    }
    const email = text(claims.email);
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email) throw new ExternalSignInError('google_failed', 'the provider sent no email');
    if (!verified) throw new ExternalSignInError('google_failed', 'the email is not verified');
    return {
      subject: claims.sub,
      email,
      name: text(claims.name) ?? email.split('@')[0] ?? email,
      picture: text(claims.picture) ?? null,
    };
  }

  /**
   * Completes a sign-in from the provider's redirect. `query` is the callback's query string,
   * `browserState` the state cookie of the browser that started it.
   */
  async function finish(
    query: Record<string, string>,
    browserState: string | undefined,
    client: ClientInfo,
  ): Promise<SignInResult> {
    if (!isConfigured())
      throw new ExternalSignInError('google_not_configured', 'Google sign-in is not configured');
    if (query.error) throw new ExternalSignInError('google_failed', `provider answered ${query.error}`);
    const state = query.state;
    if (!state || !browserState || state !== browserState) {
      throw new ExternalSignInError('google_failed', 'state missing or not from this browser');
    }
    const pending = await authRepo.takeOidcSignIn(state);
    if (!pending || isOlderThan(pending.createdAt, OIDC_STATE_TTL_MS)) {
      throw new ExternalSignInError('google_failed', 'unknown or expired state');
    }
    try {
      const configuration = await providerConfiguration();
      const currentUrl = new URL(redirectUri);
      for (const [key, value] of Object.entries(query)) currentUrl.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const identity = await readIdentity(configuration, tokens);
      return await auth.signInWithExternal(identity, client);
    } catch (error) {
      if (error instanceof ExternalSignInError) throw error;
      if (error instanceof AppError && error.code === 'SUSPENDED') {
        throw new ExternalSignInError('suspended', 'the account is suspended', { cause: error });
      }
      if (error instanceof RegistrationClosedError) {
        throw new ExternalSignInError('registration_closed', 'registration is closed', { cause: error });
      }
      throw new ExternalSignInError('google_failed', 'code exchange or account linking failed', {
        cause: error,
      });
    }
  }

  return { isConfigured, start, finish, redirectUri };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
