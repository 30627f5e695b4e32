import type { PublicSite } from '@nebab/shared';
import { apiRequest } from '../../api/client';
import { addressLanguage, i18n, isLanguage, LANGUAGE_STORAGE_KEY } from '../../i18n';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * At boot: a visitor who never picked a language gets the site's default language (set by admins on
 * /admin/settings, served by GET /api/site) instead of the browser's guess, unless the address asks
 * for one (`?lang=am`). It is not remembered as
 * the visitor's choice, so a later change of the default still applies to them.
 */
export async function applySiteDefaultLanguage(): Promise<void> {
  // An address with `?lang=` names the language of this visit.
  if (isLanguage(storedLanguage()) || addressLanguage()) return;
  let site: PublicSite;
  try {
    site = await apiRequest<PublicSite>('/api/site', { token: null });
  } catch {
    return;
  }
  if (isLanguage(storedLanguage()) || site.defaultLanguage === i18n.resolvedLanguage) return;
  await i18n.changeLanguage(site.defaultLanguage);
  try {
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was remembered anyway.
  }
}
