import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { AccountDisplay, AccountSecurity, Language, ProfileUpdate, TwoFactorSetup } from '@nebab/shared';
import type { Db } from '../../db/client.js';
import type { SessionRow, UserRow } from '../../db/schema/index.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { IMAGE_CONTENT_TYPES, requireAcceptableImage, type ImageExtension } from '../../lib/file-type.js';
import { hashToken } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Storage } from '../../lib/storage.js';
import { now } from '../../lib/time.js';
import type { Actor } from '../../lib/actor.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { LeavingReader, ReaderEraser } from '../../lib/reader-eraser.js';
import type { AccountRepository } from './account.repository.js';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp.js';
import type { TwoFactor } from './two-factor.service.js';

/** Issuer shown in authenticator apps. */
const TOTP_ISSUER = 'Nebab';
export const AVATAR_PREFIX = 'avatars/';
/** Public path of an uploaded profile picture; the file name is random, so it changes on replace. */
export const AVATAR_URL_PREFIX = '/api/avatars/';
export const AVATAR_FILE_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export interface AccountServiceDeps {
  db: Db;
  account: AccountRepository;
  /** The auth module's sessions: ends every other session of the reader (a password change). */
  authRepo: {
    revokeOtherSessions(userId: string, keepSessionId: string, at: Date, tx?: Db): Promise<void>;
  };
  users: UsersRepository;
  twoFactor: TwoFactor;
  storage: Storage;
  events: DomainEvents;
  logger: Logger;
  /** The recovery address changed (the auth links mail it a confirmation link). */
  recoveryEmailChanged?: (user: UserRow, language: Language) => Promise<void>;
  /**
   * The auth module's mailed links this service starts or uses: an email change (confirmed by the
   * new address), and the deletion of an account without a password.
   */
  links?: {
    requestEmailChange: (user: UserRow, newEmail: string, language: Language) => Promise<void>;
    requestDeletion: (user: UserRow, language: Language) => Promise<void>;
    /** Uses the link in `tx`: the id of the account it deletes; 400 for a dead link. */
    consumeDeletion: (token: string, tx: Db) => Promise<string>;
  };
  /**
   * Leaving (`DELETE /api/account`): each module's part of erasing a reader, run in this order in
   * one transaction (`services.leaving.ts`).
   */
  erasers: readonly ReaderEraser[];
  /**
   * Called once an account is gone (after the commit), with the address it had: the hook the
   * composition root wires to the mail that confirms it. A failure is logged, the account stays gone.
   */
  onAccountDeleted?: (reader: DeletedReader) => Promise<void>;
}

/** Who left, as the confirmation needs them: the account itself no longer holds any of this. */
export interface DeletedReader extends LeavingReader {
  name: string;
  language: Language | null;
}

/** The reader's own account: profile, picture, password, sessions, recovery email, two-factor sign-in. */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, account, authRepo, users, twoFactor, storage, events, logger, erasers, onAccountDeleted } =
    deps;

  function linksOf() {
    if (!deps.links) throw new Error('account: the mailed links are not wired');
    return deps.links;
  }

  /**
   * Erases the account in one transaction (`identify` runs first in it: it names the account and may
   * refuse, e.g. a dead link), then the files, the sockets and `onAccountDeleted`. The last active
   * admin cannot leave (409).
   */
  async function erase(identify: (tx: Db) => Promise<string>): Promise<void> {
    let reader: DeletedReader | undefined;
    const files = await db.transaction(async (tx) => {
      const userId = await identify(tx);
      const { user: locked, otherAdmins } = await users.lockWithAdmins(userId, tx);
      if (!locked || locked.status === 'deleted') throw new NotFoundError();
      if (locked.role === 'admin' && otherAdmins === 0) throw new ConflictError('account.lastAdmin');
      reader = {
        id: locked.id,
        email: locked.email,
        recoveryEmail: locked.recoveryEmail,
        name: locked.name,
        language: locked.language === 'am' || locked.language === 'en' ? locked.language : null,
      };
      const keys: string[] = [];
      for (const eraseOne of erasers) keys.push(...((await eraseOne(reader, tx)) ?? []));
      return keys;
    });
    const gone = reader;
    if (!gone) return;
    await Promise.all(files.map((key) => removeFileQuietly(key)));
    await events.emit('user.sessionsEnded', { userId: gone.id });
    await onAccountDeleted?.(gone).catch((error: unknown) => {
      logger.error({ err: error, userId: gone.id }, 'the account is deleted; telling its reader failed');
    });
  }

  async function userOf(actor: Actor): Promise<UserRow> {
    const user = await users.findById(actor.userId);
    if (!user) throw new NotFoundError();
    return user;
  }

  /** Checks a password the reader typed to confirm an action; counts failures per account. */
  async function assertPassword(user: UserRow, password: string | undefined, field: string): Promise<void> {
    if (!user.passwordHash)
      throw new ValidationError({ [field]: 'account.noPassword' }, 'account.noPassword');
    const hash = user.passwordHash;
    const right = await twoFactor.guardedCheck(user.id, async () =>
      password ? verifyPassword(hash, password) : false,
    );
    if (!right)
      throw new ValidationError({ [field]: 'account.currentPasswordWrong' }, 'account.currentPasswordWrong');
  }

  async function removeFileQuietly(key: string | null): Promise<void> {
    if (!key) return;
    await storage.remove(key).catch((error: unknown) => {
      logger.warn({ err: error, key }, 'could not remove an uploaded file');
    });
  }

  return {
    async updateProfile(actor: Actor, input: ProfileUpdate): Promise<UserRow> {
      const row = await account.updateUser(actor.userId, {
        name: input.name,
        birthDate: input.birthDate,
        location: input.location,
      });
      if (!row) throw new NotFoundError();
      return row;
    },

    /** Keeps the interface language and/or theme on the account (every device then opens in them). */
    async updateDisplay(actor: Actor, input: AccountDisplay): Promise<UserRow> {
      const row = await account.updateUser(actor.userId, {
        ...(input.language === undefined ? {} : { language: input.language }),
        ...(input.theme === undefined ? {} : { theme: input.theme }),
      });
      if (!row) throw new NotFoundError();
      return row;
    },

    /** Stores a new picture (jpeg, png or webp by its bytes) and deletes the one it replaces. */
    async setAvatar(actor: Actor, data: Buffer): Promise<UserRow> {
      const extension = requireAcceptableImage(data, 'avatar');
      const before = await userOf(actor);
      const file = `${randomUUID()}.${extension}`;
      const key = `${AVATAR_PREFIX}${file}`;
      await storage.put(key, data);
      let row: UserRow | undefined;
      try {
        row = await account.updateUser(actor.userId, {
          profilePictureKey: key,
          profilePicture: `${AVATAR_URL_PREFIX}${file}`,
        });
      } catch (error) {
        await removeFileQuietly(key);
        throw error;
      }
      if (!row) {
        await removeFileQuietly(key);
        throw new NotFoundError();
      }
      if (before.profilePictureKey !== key) await removeFileQuietly(before.profilePictureKey);
      return row;
    },

    /** Removes the picture (uploaded or from Google); the initials avatar shows again. */
    async removeAvatar(actor: Actor): Promise<UserRow> {
      const before = await userOf(actor);
      const row = await account.updateUser(actor.userId, { profilePictureKey: null, profilePicture: null });
      if (!row) throw new NotFoundError();
      await removeFileQuietly(before.profilePictureKey);
      return row;
    },

    /** The file behind `/api/avatars/:file`, only while it is someone's current picture. */
    async avatarFile(file: string) {
      const match = AVATAR_FILE_PATTERN.exec(file);
      if (!match) throw new NotFoundError();
      const key = `${AVATAR_PREFIX}${file}`;
      if (!(await account.findUserByAvatarKey(key))) throw new NotFoundError();
      const opened = await storage.open(key);
      if (!opened) throw new NotFoundError();
      return { ...opened, type: IMAGE_CONTENT_TYPES[match[1] as ImageExtension] };
    },

    /**
     * Spec §5 Change password: the current password must be right and differ from the new one;
     * every other session ends (their sockets drop), this one stays.
     */
    async changePassword(
      actor: Actor,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const user = await userOf(actor);
      await assertPassword(user, input.currentPassword, 'currentPassword');
      if (input.newPassword === input.currentPassword)
        throw new ValidationError({ newPassword: 'account.passwordSameAsCurrent' });
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await users.update(user.id, { passwordHash }, tx);
        await authRepo.revokeOtherSessions(user.id, actor.sessionId, now(), tx);
      });
      await events.emit('user.sessionsEnded', { userId: user.id, exceptSessionId: actor.sessionId });
    },

    async security(actor: Actor): Promise<AccountSecurity> {
      const user = await userOf(actor);
      const enabled = await twoFactor.isEnabled(user.id);
      return {
        hasPassword: !!user.passwordHash,
        recoveryEmail: user.recoveryEmail,
        recoveryEmailVerified: user.recoveryEmailVerifiedAt !== null,
        twoFactorEnabled: enabled,
        recoveryCodesLeft: enabled ? await account.countUnusedRecoveryCodes(user.id) : 0,
      };
    },

    listSessions(actor: Actor): Promise<SessionRow[]> {
      return account.listLiveSessions(actor.userId, now());
    },

    /** Ends another device's session; 404 for an unknown, ended or someone else's session. */
    async removeSession(actor: Actor, sessionId: string): Promise<void> {
      if (sessionId === actor.sessionId)
        throw new ValidationError(
          { id: 'account.cannotRemoveCurrentSession' },
          'account.cannotRemoveCurrentSession',
        );
      if (!(await account.revokeOwnSession(actor.userId, sessionId, now()))) throw new NotFoundError();
      await events.emit('user.sessionsEnded', { userId: actor.userId, sessionId });
    },

    /** "Sign out everywhere else". */
    async removeOtherSessions(actor: Actor): Promise<void> {
      await authRepo.revokeOtherSessions(actor.userId, actor.sessionId, now());
      await events.emit('user.sessionsEnded', { userId: actor.userId, exceptSessionId: actor.sessionId });
    },

    async setRecoveryEmail(
      actor: Actor,
      recoveryEmail: string | null,
      language: Language = 'en',
    ): Promise<void> {
      const user = await userOf(actor);
      if (recoveryEmail !== null && recoveryEmail === user.email)
        throw new ValidationError({ recoveryEmail: 'account.recoveryEmailSameAsLogin' });
      if (recoveryEmail === user.recoveryEmail) return;
      const updated = await account.updateUser(user.id, { recoveryEmail, recoveryEmailVerifiedAt: null });
      // The new address receives a link confirming it; only a confirmed one gets reset links.
      if (updated?.recoveryEmail) await deps.recoveryEmailChanged?.(updated, language);
    },

    /** A new secret to scan; replaces an unfinished enrolment. 409 while two-factor sign-in is on. */
    async setupTwoFactor(actor: Actor): Promise<TwoFactorSetup> {
      const user = await userOf(actor);
      const secret = newTotpSecret();
      if (!(await account.savePendingTotp(user.id, secret)))
        throw new ConflictError('account.twoFactorAlreadyOn');
      const uri = otpauthUri(secret, user.email, TOTP_ISSUER);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUri: uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Confirms the enrolment with a code; returns the recovery codes (shown once, stored hashed). */
    async enableTwoFactor(actor: Actor, code: string): Promise<string[]> {
      const totp = await account.findTotp(actor.userId);
      if (!totp)
        throw new ValidationError({ code: 'account.twoFactorNotSetUp' }, 'account.twoFactorNotSetUp');
      if (totp.enabledAt) throw new ConflictError('account.twoFactorAlreadyOn');
      const matched: { step: number | null } = { step: null };
      await twoFactor.guardedCheck(actor.userId, async () => {
        matched.step = matchTotp(totp.secret, code, now(), totp.lastUsedStep);
        return matched.step !== null;
      });
      const step = matched.step;
      if (step === null) throw new ValidationError({ code: 'account.codeWrong' }, 'account.codeWrong');
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await account.useTotpStep(actor.userId, step, { enableAt: now() }, tx)))
          throw new ValidationError({ code: 'account.codeWrong' }, 'account.codeWrong');
        await account.replaceRecoveryCodes(actor.userId, codes.map(hashToken), tx);
      });
      return codes;
    },

    /** Turns two-factor sign-in off: the password (when the account has one) and a code or recovery code. */
    async disableTwoFactor(actor: Actor, input: { password?: string; code: string }): Promise<void> {
      const user = await userOf(actor);
      if (!(await twoFactor.isEnabled(user.id))) throw new ConflictError('account.twoFactorOff');
      if (user.passwordHash) await assertPassword(user, input.password, 'password');
      await db.transaction(async (tx) => {
        if (!(await twoFactor.guardedCheck(user.id, () => twoFactor.useCode(user.id, input.code, tx))))
          throw new ValidationError({ code: 'account.codeWrong' }, 'account.codeWrong');
        await account.deleteTotp(user.id, tx);
      });
    },
    /**
     * Leaving for good: with the reader's password, every module erases its part in one transaction
     * (nothing is half-erased when any part fails); the uploaded files go after the commit, the
     * reader's sockets drop and `onAccountDeleted` is told. The last active admin cannot leave (409).
     * An account without a password sends none: it is mailed a one-hour link instead (`'mailed'`).
     */
    async deleteAccount(
      actor: Actor,
      password: string | undefined,
      language: Language = 'en',
    ): Promise<'deleted' | 'mailed'> {
      const user = await userOf(actor);
      if (!user.passwordHash && password === undefined) {
        await linksOf().requestDeletion(user, language);
        return 'mailed';
      }
      if (password === undefined) throw new ValidationError({ password: 'validation.passwordRequired' });
      await assertPassword(user, password, 'password');
      await erase(async () => user.id);
      return 'deleted';
    },

    /** `POST /api/account/delete/confirm`: the mailed link erases the account as the password path does. */
    async confirmDeletion(token: string): Promise<void> {
      const links = linksOf();
      await erase((tx) => links.consumeDeletion(token, tx));
    },

    /**
     * `PUT /api/account/email`: with the password, the new address is mailed a link that makes it the
     * login address (nothing changes before), the old one a heads-up. 400 for an account without a
     * password, a wrong password or the same address; 409 when another account has it.
     */
    async requestEmailChange(
      actor: Actor,
      input: { email: string; password: string },
      language: Language = 'en',
    ): Promise<void> {
      const user = await userOf(actor);
      if (!user.passwordHash)
        throw new ValidationError(
          { email: 'account.emailChangeGoogleOnly' },
          'account.emailChangeGoogleOnly',
        );
      await assertPassword(user, input.password, 'password');
      if (input.email === user.email) throw new ValidationError({ email: 'account.emailSameAsCurrent' });
      if (await users.findByEmail(input.email)) throw new ConflictError('auth.emailTaken', 'email');
      await linksOf().requestEmailChange(user, input.email, language);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
