import { ERROR_STATUS, type ErrorCode } from '@nebab/shared';

/**
 * An error the API answers on purpose. `messageKey` and the values of `fields` are i18n keys
 * (`errors.*`, `validation.*`, `auth.*`) that the error handler translates for the request.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: string;
  readonly fields?: Record<string, string>;
  /** Values of the `{{name}}` placeholders of the message and field messages. */
  readonly messageParams?: Record<string, string | number>;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: string;
      fields?: Record<string, string>;
      messageParams?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(options.messageKey ?? `errors.${code}`, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.messageKey = options.messageKey ?? `errors.${code}`;
    this.fields = options.fields;
    this.messageParams = options.messageParams;
  }
}

/** 400: one message key per invalid field. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, messageKey = 'errors.VALIDATION') {
    super('VALIDATION', { messageKey, fields });
  }
}

/** 400 naming one field, with values for the message's placeholders (`{{columns}}`). */
export class DetailedValidationError extends AppError {
  constructor(field: string, messageKey: string, messageParams: Record<string, string | number> = {}) {
    super('VALIDATION', { messageKey, fields: { [field]: messageKey }, messageParams });
  }
}

/** 401: no valid session. */
export class UnauthenticatedError extends AppError {
  constructor(messageKey?: string) {
    super('UNAUTHENTICATED', { messageKey });
  }
}

/** 401: wrong email or password, always the same generic message. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS');
  }
}

/** 403: signed in, but not allowed. */
export class ForbiddenError extends AppError {
  constructor() {
    super('FORBIDDEN');
  }
}

/** 403: the account is suspended. */
export class SuspendedError extends AppError {
  constructor() {
    super('SUSPENDED');
  }
}

/** 404, also for another user's private things. */
export class NotFoundError extends AppError {
  constructor(messageKey?: string) {
    super('NOT_FOUND', { messageKey });
  }
}

/** 409: the thing already exists; `field` names the input that clashes. */
export class ConflictError extends AppError {
  constructor(messageKey = 'errors.CONFLICT', field?: string) {
    super('CONFLICT', { messageKey, fields: field ? { [field]: messageKey } : undefined });
  }
}

/** 429 with the seconds to wait (sent as Retry-After). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    retryAfterSeconds: number,
    messageKey?: string,
    messageParams?: Record<string, string | number>,
  ) {
    super('RATE_LIMITED', { messageKey, messageParams });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** 503: the feature needs configuration this server lacks. */
export class NotConfiguredError extends AppError {
  constructor(messageKey?: string) {
    super('NOT_CONFIGURED', { messageKey });
  }
}

/** 403: the site requires a confirmed address to post, and the reader's is not confirmed yet. */
export class EmailUnverifiedError extends AppError {
  constructor() {
    super('EMAIL_UNVERIFIED');
  }
}
