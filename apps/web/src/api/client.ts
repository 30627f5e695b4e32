import type { ErrorBody, ErrorCode } from '@nebab/shared';
import { currentLanguage, i18n } from '../i18n';
import { readToken } from './tokenStorage';
import { notifySessionEnded } from './sessionEvents';

/** A failed API call: the server's `{ error }` body, or a network failure (`status` 0, code `NETWORK`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode | 'NETWORK',
    message: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object' || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return !!error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the stored token (used right after login, before the token is stored). */
  token?: string | null;
  signal?: AbortSignal;
}

/** How requests reach the API: `fetch` in the browser; the server-rendering entry reads it in-process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** Replaces the transport (the server-rendering entry does, once). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function fallbackError(status: number): ApiError {
  if (status === 0) return new ApiError(0, 'NETWORK', i18n.t('errors.NETWORK'));
  if (status === 401) return new ApiError(status, 'UNAUTHENTICATED', i18n.t('errors.UNAUTHENTICATED'));
  if (status === 403) return new ApiError(status, 'FORBIDDEN', i18n.t('errors.FORBIDDEN'));
  if (status === 404) return new ApiError(status, 'NOT_FOUND', i18n.t('errors.NOT_FOUND'));
  if (status === 429) return new ApiError(status, 'RATE_LIMITED', i18n.t('errors.RATE_LIMITED'));
  return new ApiError(status, 'INTERNAL', i18n.t('errors.INTERNAL'));
}

/**
 * Calls the JSON API on the same origin with the reader's language and token.
 * Resolves with the parsed body (`undefined` for 204) or rejects with an {@link ApiError}.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData (file uploads) goes as multipart: the browser sets the Content-Type with its boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw fallbackError(0);
  }

  if (response.status === 204) return undefined as T;
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => undefined) : undefined;

  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, fields } = body.error;
      // The stored token no longer works (revoked, expired, suspended or deleted account): sign out.
      if (token && token === readToken() && (code === 'UNAUTHENTICATED' || code === 'SUSPENDED')) {
        notifySessionEnded();
      }
      throw new ApiError(response.status, code, message, fields ?? {});
    }
    // 502–504 without our error body means no API server answered behind the proxy.
    throw fallbackError(response.status >= 502 && response.status <= 504 ? 0 : response.status);
  }
  // A page served in place of the API (no server behind the proxy) is not an answer.
  if (!isJson) throw fallbackError(0);
  return body as T;
}
