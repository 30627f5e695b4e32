import type { BookUploadResponse, ErrorCode } from '@nebab/shared';
import { ApiError, isErrorBody } from '../../api/client';
import { notifySessionEnded } from '../../api/sessionEvents';
import { readToken } from '../../api/tokenStorage';
import { currentLanguage, i18n } from '../../i18n';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The error of a failed upload answer: the server's `{ error }` body, or a generic one by status. */
function errorOf(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields ?? {});
  }
  const code: ErrorCode | 'NETWORK' =
    status === 0 || (status >= 502 && status <= 504)
      ? 'NETWORK'
      : status === 401
        ? 'UNAUTHENTICATED'
        : status === 403
          ? 'FORBIDDEN'
          : status === 413
            ? 'TOO_LARGE'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : 'INTERNAL';
  return new ApiError(status, code, i18n.t(`errors.${code}`));
}

/**
 * `POST /api/admin/books` with XMLHttpRequest, whose upload events report progress (fetch cannot).
 * Resolves with the new book's id; rejects with an {@link ApiError} (status 0 / NETWORK when the
 * server was not reached) or an `AbortError` DOMException when `signal` aborts.
 */
export function uploadBook(
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<BookUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/books');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as BookUploadResponse);
        } catch {
          reject(errorOf(0, ''));
        }
        return;
      }
      const error = errorOf(xhr.status, xhr.responseText);
      // The stored token no longer works: sign out, as every other API call does.
      if (token && (error.code === 'UNAUTHENTICATED' || error.code === 'SUSPENDED')) notifySessionEnded();
      reject(error);
    };
    xhr.onerror = () => reject(errorOf(0, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
