import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/client';
import { i18n } from '../../i18n';

/**
 * Puts an API failure on a form: 400 field messages under their fields, 409 on `conflictField`.
 * Returns the message to show above the form for everything else (401, 403, 429, network…), or null.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  conflictField?: Path<T>,
): string | null {
  if (!isApiError(error)) return i18n.t('errors.INTERNAL');
  if (error.status === 400) {
    let placed = false;
    for (const name of fieldNames) {
      const message = error.fields[name];
      if (message) {
        setError(name, { type: 'server', message });
        placed = true;
      }
    }
    return placed ? null : error.message;
  }
  if (error.status === 409 && conflictField) {
    setError(conflictField, { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }
  return error.message;
}
