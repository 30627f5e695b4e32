import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_RATE_LIMIT, UPLOAD_LIMITS } from '@nebab/shared';
import { UPLOAD_IDLE_TIMEOUT_MS } from './lib/multipart.js';
import { z } from 'zod';

/** The repository root (apps/server/src → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Blank values in the environment mean "not set". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());
const textOr = (fallback: string) => z.preprocess(blankToUndefined, z.string().trim().default(fallback));
const optionalUrl = (protocol: RegExp) => z.preprocess(blankToUndefined, z.url({ protocol }).optional());

const flag = (fallback: boolean) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return fallback;
    if (typeof value === 'boolean') return value;
    const text = String(value).trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(text)) return true;
    if (['0', 'false', 'no', 'off'].includes(text)) return false;
    return value;
  }, z.boolean());

const integer = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

/** At most this many mails to one address per window (a reset or verification link asked for again and again). */
export const MAIL_RATE_LIMIT = { perAddress: 5, windowMs: 60 * 60 * 1000 };

const envSchema = z.object({
  PORT: integer(3000, 0, 65_535),
  HOST: textOr('localhost'),
  DATA_DIR: textOr('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  REDIS_URL: optionalUrl(/^rediss?$/),
  PUBLIC_URL: optionalUrl(/^https?$/),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(blankToUndefined, z.string().optional()),
  OIDC_ISSUER: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_ALLOW_HTTP: flag(false),
  AUTH_RATE_LIMIT_PER_IP: integer(AUTH_RATE_LIMIT.perIp),
  AUTH_RATE_LIMIT_PER_EMAIL: integer(AUTH_RATE_LIMIT.perEmail),
  AUTH_RATE_LIMIT_WINDOW_MS: integer(AUTH_RATE_LIMIT.windowMs),
  SESSION_TTL_DAYS: integer(30),
  WEB_DIST: optionalText,
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')),
  CATALOG_AUTO_IMPORT: flag(true),
  CATALOG_DIR: optionalText,
  CATALOG_ETHIOPIAN_SHOP_CONTENT: flag(false),
  TRUST_PROXY: flag(false),
  UPLOAD_COVER_MAX_BYTES: integer(UPLOAD_LIMITS.coverMaxBytes),
  UPLOAD_BOOK_MAX_BYTES: integer(UPLOAD_LIMITS.bookMaxBytes),
  UPLOAD_IDLE_TIMEOUT_MS: integer(UPLOAD_IDLE_TIMEOUT_MS),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: '3–63 lowercase letters, digits, dots or hyphens (an S3 bucket name)',
      })
      .optional(),
  ),
  S3_REGION: textOr('us-east-1'),
  S3_ENDPOINT: optionalUrl(/^https?$/),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(blankToUndefined, flag(false).optional()),
  S3_PREFIX: optionalText,
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: optionalText,
  MAIL_RATE_LIMIT_PER_ADDRESS: integer(MAIL_RATE_LIMIT.perAddress),
  MAIL_RATE_LIMIT_WINDOW_MS: integer(MAIL_RATE_LIMIT.windowMs),
});

/** Outgoing mail: SMTP when `smtpUrl` is set, else `.eml` files in `<dataDir>/mail`. */
export interface MailConfig {
  /** `smtp://` or `smtps://`, credentials in the URL (`smtps://user:pass@smtp.example.org:465`). */
  smtpUrl?: string;
  /** The sender (`Name <address>`); default `Nebab <no-reply@<host of PUBLIC_URL>>`. */
  from: string;
  /** Mails to one address per window; more are dropped (and logged). */
  rateLimit: { perAddress: number; windowMs: number };
}

/** Where uploads go when S3_BUCKET is set: an S3-compatible bucket (AWS, MinIO, R2, …). */
export interface S3Config {
  bucket: string;
  region: string;
  /** A non-AWS service (MinIO, R2, …); the AWS endpoint of `region` otherwise. */
  endpoint?: string;
  /** Both or neither; without them the AWS SDK's default chain is used (AWS_* variables, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `<endpoint>/<bucket>/<key>` URLs instead of `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** Prepended to every key: '' or a path ending in '/', e.g. `nebab/`. */
  prefix: string;
}

/** Settings of one server process, read once from the environment by `loadConfig`. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of embedded PGlite. */
  databaseUrl?: string;
  /** When set, Socket.IO fans out and the rate limits are shared through Redis. */
  redisUrl?: string;
  /**
   * Socket.IO's Redis channel prefix (`socket.io`): the nodes of one deployment share it. Test
   * workers take one each, so files running side by side never answer each other's fetchSockets.
   */
  socketChannel: string;
  /** Where browsers reach this server (no trailing slash): OIDC redirect_uri and redirects back to the client. */
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  oidcIssuer: string;
  googleClientId?: string;
  googleClientSecret?: string;
  /** Lets an http:// issuer be used (local test provider only). */
  oidcAllowHttp: boolean;
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  sessionTtlDays: number;
  /** The built client; served with an SPA fallback when the folder exists. */
  webDist: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Run the catalogue hook on start. */
  catalogAutoImport: boolean;
  /** The shipped catalogue folder (default `<repo>/catalog-data`). */
  catalogDir: string;
  /** Import the Ethiopian shops' descriptions and cover links too (their licence is unclear). */
  catalogEthiopianShopContent: boolean;
  /** Trust X-Forwarded-* (behind a load balancer) so rate limits see the client IP. */
  trustProxy: boolean;
  /** Largest accepted book cover and book PDF, in bytes (uploads are streamed and cut off beyond). */
  uploadLimits: { coverMaxBytes: number; bookMaxBytes: number };
  /** An upload body that sends nothing for this long is dropped (its file closed and removed). */
  uploadIdleTimeoutMs: number;
  /** When set, uploads live in this bucket instead of `<dataDir>/uploads`. */
  s3?: S3Config;
  /** The chat's digest of recent messages (see `CHAT_DIGEST`); tests shorten it. */
  chatDigest: ChatDigestTiming;
  mail: MailConfig;
}

export interface ChatDigestTiming {
  /** How often each node sends it to the club rooms of its sockets. */
  intervalMs: number;
  /** It lists the messages written between `spanMs` and `settleMs` ago. */
  settleMs: number;
  spanMs: number;
}

/**
 * Every few seconds each node tells the club rooms of its own sockets which messages were written
 * there lately (socket `club:recent`); a client missing one fetches it. A message is listed once it
 * is `settleMs` old, well after its live broadcast normally arrived, so only a message whose
 * broadcast never came (its node died between the insert and the publish, or Redis was down) is
 * fetched.
 */
export const CHAT_DIGEST: ChatDigestTiming = { intervalMs: 2000, settleMs: 3000, spanMs: 15_000 };

/** Thrown when the environment does not parse; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type ParsedEnv = z.infer<typeof envSchema>;

/** The S3 settings, or the problems of a partial or contradictory set (each `VARIABLE: problem`). */
function s3Config(e: ParsedEnv): { s3?: S3Config; problems: string[] } {
  const others = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET) {
    return {
      problems: others.length
        ? [`S3_BUCKET: required when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set`]
        : [],
    };
  }
  const problems: string[] = [];
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(`${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither)`);
  }
  const prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..' || (prefix && !segment))) {
    problems.push('S3_PREFIX: a key prefix like nebab/uploads, without empty, . or .. parts');
  }
  if (problems.length) return { problems };
  return {
    problems,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
      prefix: prefix ? `${prefix}/` : '',
    },
  };
}

/**
 * The folder relative paths (DATA_DIR, WEB_DIST) resolve from: where the command was typed.
 * npm runs workspace scripts inside apps/server but keeps the caller's folder in INIT_CWD, so
 * `npm start`, `npm run dev` and `npm run admin` at the root all use the same `./data`.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/** Parses the environment once. Relative paths resolve from `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const storage = s3Config(e);
  if (storage.problems.length) throw new ConfigError(`Invalid environment: ${storage.problems.join('; ')}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    socketChannel: 'socket.io',
    publicUrl,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    oidcIssuer: e.OIDC_ISSUER,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    oidcAllowHttp: e.OIDC_ALLOW_HTTP,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    catalogAutoImport: e.CATALOG_AUTO_IMPORT,
    catalogDir: e.CATALOG_DIR ? path.resolve(cwd, e.CATALOG_DIR) : path.join(REPO_ROOT, 'catalog-data'),
    catalogEthiopianShopContent: e.CATALOG_ETHIOPIAN_SHOP_CONTENT,
    trustProxy: e.TRUST_PROXY,
    uploadLimits: { coverMaxBytes: e.UPLOAD_COVER_MAX_BYTES, bookMaxBytes: e.UPLOAD_BOOK_MAX_BYTES },
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    s3: storage.s3,
    chatDigest: CHAT_DIGEST,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Nebab <no-reply@${new URL(publicUrl).hostname}>`,
      rateLimit: { perAddress: e.MAIL_RATE_LIMIT_PER_ADDRESS, windowMs: e.MAIL_RATE_LIMIT_WINDOW_MS },
    },
  };
}

/** True when both Google credentials are configured. */
export function isGoogleConfigured(config: AppConfig): boolean {
  return Boolean(config.googleClientId && config.googleClientSecret);
}
