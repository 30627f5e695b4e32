// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- keeps this file self-contained when the browser tests import it
/// <reference path="./types/oidc-provider.d.ts" />
/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google, for the API tests and the
 * browser tests (it has no test-runner imports). Built on `oidc-provider` with its development
 * interactions: a login form that accepts any login name and password, then a consent form.
 *
 * The account of login name `<login>` has the claims sub `<login>`, email `<login>@example.com`
 * (verified, except for logins starting with `unverified`), a name and a picture URL, in the ID token
 * as Google sends them (`conformIdTokenClaims: false`) and from userinfo. PKCE is required.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';

export interface OidcTestProviderOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** e.g. `http://127.0.0.1:3000/api/auth/google/callback` */
  redirectUris: string[];
}

export interface OidcTestProvider {
  /** The issuer URL (OIDC_ISSUER), e.g. `http://127.0.0.1:41234`. */
  issuer: string;
  port: number;
  close(): Promise<void>;
}

/** The claims of a login name: what the provider says about `<login>`. */
export function testAccountClaims(
  login: string,
): AccountClaims & { email: string; email_verified: boolean; name: string; picture: string } {
  const readable = login
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
  return {
    sub: login,
    email: `${login}@example.com`,
    email_verified: !login.startsWith('unverified'),
    name: readable || login,
    picture: `https://example.com/avatars/${encodeURIComponent(login)}.png`,
  };
}

/** Starts the provider; resolves once it listens. */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 86_400,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
    },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => testAccountClaims(id) }),
  });
  server.on('request', provider.callback());

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
