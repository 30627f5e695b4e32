import { LIMITS, type Language, type Role, type SignupData } from '@nebab/shared';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema/index.js';
import {
  ConflictError,
  InvalidCredentialsError,
  SuspendedError,
  UnauthenticatedError,
} from '../../lib/errors.js';
import { hashToken, newSessionToken } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { addDays, isOlderThan, now } from '../../lib/time.js';
import type { PreferencesService } from '../preferences/preferences.service.js';
import type { Actor, ClientInfo } from '../../lib/actor.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { UsersService, UserWithCounts } from '../users/users.service.js';
import { RegistrationClosedError } from '../site-settings/site-settings.service.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthThrottle } from './auth.throttle.js';
import type { TwoFactor } from '../account/two-factor.service.js';
import type { Logger } from '../../lib/logger.js';
import type { DomainEvents } from '../../lib/domain-events.js';

/** Where a request came from, stored on its session. */
/** A new session and what the client needs to route after login (spec §4 After login). */
export interface SignedIn {
  token: string;
  role: Role;
  landing: boolean;
}

/** The password (or Google) was right, but the account wants a second factor before a session. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  challenge: string;
}

export type SignInResult = SignedIn | TwoFactorPending;

export function isTwoFactorPending(result: SignInResult): result is TwoFactorPending {
  return 'twoFactorRequired' in result;
}

/** The verified identity an OpenID provider vouched for. */
export interface ExternalProfile {
  subject: string;
  email: string;
  name: string;
  picture: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  config: AppConfig;
  authRepo: AuthRepository;
  users: UsersRepository;
  usersService: UsersService;
  preferences: PreferencesService;
  throttle: AuthThrottle;
  /** The account module's second factor, as far as signing in needs it. */
  twoFactor: Pick<TwoFactor, 'isEnabled' | 'startChallenge' | 'completeChallenge'>;
  logger: Logger;
  /** Site setting (site-settings module): false refuses new accounts with 403. Absent means open. */
  registrationOpen?: () => Promise<boolean>;
  /** After a logout, `user.sessionsEnded` drops that session's sockets (on every node). */
  events?: DomainEvents;
  /** A new password account was created (the auth links mail it a confirmation link). */
  afterSignup?: (user: UserRow, language: Language) => Promise<void>;
}

/** `last_seen_at` is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, authRepo, users, usersService, preferences, throttle, twoFactor } = deps;

  async function openSession(user: UserRow, client: ClientInfo, tx: Db = db): Promise<string> {
    const token = newSessionToken();
    await authRepo.createSession(
      {
        userId: user.id,
        tokenHash: hashToken(token),
        userAgent: client.userAgent?.slice(0, LIMITS.userAgentMax) ?? null,
        ip: client.ip,
        expiresAt: addDays(now(), config.sessionTtlDays),
      },
      tx,
    );
    return token;
  }

  async function assertRegistrationOpen(): Promise<void> {
    if (deps.registrationOpen && !(await deps.registrationOpen())) throw new RegistrationClosedError();
  }

  /** Creates a password account and signs it in. 409 CONFLICT when the email is taken. */
  async function signup(
    input: SignupData,
    client: ClientInfo,
    language: Language = 'en',
  ): Promise<SignedIn & { user: UserWithCounts }> {
    const emailTaken = () => new ConflictError('auth.emailTaken', 'email');
    await assertRegistrationOpen();
    if (await users.findByEmail(input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    try {
      const { user, token } = await db.transaction(async (tx) => {
        const user = await users.create(
          { name: input.fullName, email: input.email, passwordHash, authProvider: 'password', role: 'user' },
          tx,
        );
        return { user, token: await openSession(user, client, tx) };
      });
      await deps.afterSignup?.(user, language);
      return {
        token,
        role: user.role,
        landing: true,
        user: { row: user, counts: await usersService.getUserCounts(user.id) },
      };
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
      throw error;
    }
  }

  /**
   * Email + password login. A wrong password, an unknown email and an account without a password
   * (Google only) all answer the same 401 after the same amount of work.
   */
  async function login(
    input: { email: string; password: string },
    client: ClientInfo,
  ): Promise<SignInResult> {
    // The account is looked up while the throttle counts the attempt; the check waits for both.
    const lookup = users.findByEmail(input.email);
    lookup.catch(() => undefined); // unread when the throttle refuses first
    // What a session needs besides the password is read while the password is checked (the hash takes
    // most of a sign-in), not after it; a wrong password leaves it unused. An unknown email skips it,
    // which the answer's timing does not tell: the hash outlasts it.
    const facts = lookup.then((account) =>
      account?.passwordHash && account.status !== 'suspended' ? sessionFacts(account.id) : undefined,
    );
    facts.catch(() => undefined);
    const valid = await throttle.checkLoginPassword(input.email.trim().toLowerCase(), async () => {
      const account = await lookup;
      return account?.passwordHash
        ? verifyPassword(account.passwordHash, input.password)
        : verifyAgainstDummy(input.password);
    });
    const user = await lookup;
    if (!user || !valid) throw new InvalidCredentialsError();
    return afterSignIn(user, client, facts);
  }

  /** Whether the account asks for a second factor, and whether it still has onboarding ahead. */
  function sessionFacts(userId: string): Promise<[twoFactorOn: boolean, landing: boolean]> {
    return Promise.all([twoFactor.isEnabled(userId), preferences.needsOnboarding(userId)]);
  }

  /**
   * Past the password (or the provider): a suspended account is refused, one with two-factor sign-in
   * gets a challenge, the others a session. Its two questions are asked together (or were already,
   * while the password was checked: `facts`).
   */
  async function afterSignIn(
    user: UserRow,
    client: ClientInfo,
    facts?: Promise<[twoFactorOn: boolean, landing: boolean] | undefined>,
  ): Promise<SignInResult> {
    if (user.status === 'suspended') throw new SuspendedError();
    const [twoFactorOn, landing] = (await facts) ?? (await sessionFacts(user.id));
    if (twoFactorOn) return { twoFactorRequired: true, challenge: await twoFactor.startChallenge(user.id) };
    return { token: await openSession(user, client), role: user.role, landing };
  }

  /**
   * Second step of a login with two-factor sign-in: the challenge of the first step and an
   * authenticator or recovery code. 401 when the challenge is void, 400 for a wrong code, 429
   * after too many (see two-factor.service.ts).
   */
  async function completeTwoFactorLogin(
    input: { challenge: string; code: string },
    client: ClientInfo,
  ): Promise<SignedIn> {
    const userId = await twoFactor.completeChallenge(input.challenge, input.code);
    const user = await users.findById(userId);
    if (!user) throw new UnauthenticatedError('account.challengeExpired');
    if (user.status === 'suspended') throw new SuspendedError();
    const [token, landing] = await Promise.all([
      openSession(user, client),
      preferences.needsOnboarding(user.id),
    ]);
    return { token, role: user.role, landing };
  }

  /**
   * Resolves a bearer token to its actor: 401 when unknown, revoked or expired; 403 when suspended.
   * A session expires SESSION_TTL_DAYS after its last use; use is recorded at most once a minute.
   */
  async function authenticate(token: string | undefined): Promise<Actor> {
    if (!token) throw new UnauthenticatedError();
    const at = now();
    const session = await authRepo.findLiveSession(hashToken(token), at);
    if (!session) throw new UnauthenticatedError();
    if (session.status === 'suspended') throw new SuspendedError();
    if (isOlderThan(session.lastSeenAt, TOUCH_INTERVAL_MS, at)) {
      await authRepo.touchSession(session.sessionId, at, addDays(at, config.sessionTtlDays));
    }
    return { userId: session.userId, sessionId: session.sessionId, role: session.role };
  }

  /** Ends the caller's session; its token answers 401 from now on. */
  async function logout(actor: Actor): Promise<void> {
    await authRepo.revokeSession(actor.sessionId, now());
    await deps.events?.emit('user.sessionsEnded', { userId: actor.userId, sessionId: actor.sessionId });
  }

  /**
   * Signs in with an identity a provider verified: the account with that subject, else the
   * account with that email (which gets the subject linked), else a new account.
   */
  async function signInWithExternal(profile: ExternalProfile, client: ClientInfo): Promise<SignInResult> {
    let user: UserRow;
    try {
      user = await findOrCreateExternalUser(profile);
    } catch (error) {
      // Two first sign-ins of the same person raced; the other one created the account.
      if (!isUniqueViolation(error)) throw error;
      user = await findOrCreateExternalUser(profile);
    }
    return afterSignIn(user, client);
  }

  async function findOrCreateExternalUser(profile: ExternalProfile): Promise<UserRow> {
    const email = profile.email.trim().toLowerCase();
    // Read before the transaction (PGlite has one connection): only a new account needs it open.
    const registrationOpen = deps.registrationOpen ? await deps.registrationOpen() : true;
    return db.transaction(async (tx) => {
      const bySubject = await users.findByGoogleId(profile.subject, tx);
      if (bySubject) {
        if (!bySubject.profilePicture && profile.picture) {
          return (await users.update(bySubject.id, { profilePicture: profile.picture }, tx)) ?? bySubject;
        }
        return bySubject;
      }
      const byEmail = await users.findByEmail(email, tx);
      if (byEmail) {
        if (byEmail.status === 'suspended') throw new SuspendedError();
        if (byEmail.googleId) throw new Error('this email is linked to another Google account');
        return (
          (await users.update(
            byEmail.id,
            {
              googleId: profile.subject,
              profilePicture: byEmail.profilePicture ?? profile.picture,
              // Google vouched for this address.
              emailVerifiedAt: byEmail.emailVerifiedAt ?? now(),
            },
            tx,
          )) ?? byEmail
        );
      }
      if (!registrationOpen) throw new RegistrationClosedError();
      return users.create(
        {
          name: profile.name.slice(0, 100) || email.split('@')[0] || email,
          email,
          passwordHash: null,
          authProvider: 'google',
          googleId: profile.subject,
          profilePicture: profile.picture,
          role: 'user',
          emailVerifiedAt: now(),
        },
        tx,
      );
    });
  }

  return { signup, login, completeTwoFactorLogin, authenticate, logout, signInWithExternal };
}

export type AuthService = ReturnType<typeof createAuthService>;
