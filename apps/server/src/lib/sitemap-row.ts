/** One address of the sitemap: the public key of a page and when it last changed. */
export interface SitemapRow {
  key: string;
  lastmod: Date;
}

/** A timestamp as either driver answers it in a raw row. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
