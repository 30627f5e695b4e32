import { queryOptions } from '@tanstack/react-query';
import type { PublicSite } from '@nebab/shared';
import { apiRequest } from '../client';

export const siteKeys = {
  /** The same key as `adminCatalogueKeys.site()`: saving the settings updates this cache. */
  public: () => ['site'] as const,
};

/** GET /api/site: the public site settings (default language, registration, contact address). */
export function publicSiteQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.public(),
    queryFn: ({ signal }) => apiRequest<PublicSite>('/api/site', { signal, token: null }),
    staleTime: 5 * 60 * 1000,
  });
}
