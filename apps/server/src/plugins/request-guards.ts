import { hasControlCharacters, stripControlCharacters } from '@nebab/shared';
import fp from 'fastify-plugin';
import { ValidationError } from '../lib/errors.js';
import { dropStalledBody } from '../lib/multipart.js';

/** Removes control characters from every string of a parsed query or path (in place). */
function stripControls(target: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(target)) {
    if (typeof value === 'string') target[key] = stripControlCharacters(value);
    else if (Array.isArray(value))
      target[key] = value.map((item) => (typeof item === 'string' ? stripControlCharacters(item) : item));
  }
}

/** The top-level field of a JSON body under which a string holds a control character, or null. */
function fieldWithControls(value: unknown, field: string | null = null, depth = 0): string | null {
  if (depth > 32) return null;
  if (typeof value === 'string') return hasControlCharacters(value) ? (field ?? 'body') : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithControls(item, field, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) return field ?? 'body';
      const found = fieldWithControls(item, field ?? key, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Guards every request shares before any route runs:
 * - a multipart body that stalls is dropped after a while (see `dropStalledBody`), so no upload can
 *   hold a file open for ever;
 * - control characters (NUL above all, which PostgreSQL refuses) are stripped from queries and path
 *   parameters, where they are noise, and refused in JSON bodies with a 400 naming the field, so
 *   nothing reaches the database that it would answer with an error.
 */
export const requestGuardsPlugin = fp<{ uploadIdleTimeoutMs: number }>(
  async (app, { uploadIdleTimeoutMs }) => {
    app.addHook('onRequest', async (request) => {
      if (/^multipart\//i.test(request.headers['content-type'] ?? ''))
        dropStalledBody(request, uploadIdleTimeoutMs);
    });
    app.addHook('preValidation', async (request) => {
      if (request.query && typeof request.query === 'object')
        stripControls(request.query as Record<string, unknown>);
      if (request.params && typeof request.params === 'object')
        stripControls(request.params as Record<string, unknown>);
      const field = fieldWithControls(request.body);
      if (field) throw new ValidationError({ [field]: 'validation.controlCharacters' });
    });
  },
  { name: 'request-guards' },
);
