import { DEFAULT_SITE_SETTINGS, siteSettingsSchema, type SiteSettings } from '@nebab/shared';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { SiteSettingsRepository } from './site-settings.repository.js';

/** 403 for a new account (password signup or first Google sign-in) while registration is closed. */
export class RegistrationClosedError extends AppError {
  constructor() {
    super('FORBIDDEN', { messageKey: 'adminCatalogue.registrationClosed' });
  }
}

const KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as (keyof SiteSettings)[];

/**
 * Site settings: each known key read from `site_settings`, falling back to its default when the row
 * is missing or no longer valid (an unknown or malformed row never breaks the site).
 */
export function createSiteSettingsService(deps: {
  settings: SiteSettingsRepository;
  logger: Pick<Logger, 'warn'>;
}) {
  const { settings, logger } = deps;

  async function get(): Promise<SiteSettings> {
    const stored = await settings.all();
    const result: Record<string, unknown> = {};
    for (const key of KEYS) {
      const field = siteSettingsSchema.shape[key].safeParse(stored.get(key));
      if (stored.has(key) && !field.success) logger.warn({ key }, 'ignoring an invalid site setting');
      result[key] = stored.has(key) && field.success ? field.data : DEFAULT_SITE_SETTINGS[key];
    }
    return result as SiteSettings;
  }

  return {
    get,

    /** Saves the given keys (already validated by the route) and answers the whole settings. */
    async update(patch: Partial<SiteSettings>, actorId: string): Promise<SiteSettings> {
      const entries = KEYS.filter((key) => patch[key] !== undefined).map(
        (key) => [key, patch[key]] as [string, unknown],
      );
      await settings.write(entries, actorId);
      return get();
    },

    async registrationOpen(): Promise<boolean> {
      return (await get()).registrationOpen;
    },

    /** Whether readers need a confirmed login address to post (the posting policy asks). */
    async requireVerifiedToPost(): Promise<boolean> {
      return (await get()).requireVerifiedToPost;
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
