/** Link of a genre page: `/discover?genre={slug}` (spec §2). */
export function genreHref(slug: string): string {
  return `/discover?genre=${encodeURIComponent(slug)}`;
}
