import type { ParseKeys } from 'i18next';
import { i18n } from './index';

/** Any key of the translation files (web and shared). */
export type TranslationKey = ParseKeys;

/**
 * Shows a message that may be a translation key (zod messages are keys such as
 * `validation.fullNameMin`) or text the server already translated.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message as TranslationKey) : message;
}
