import type { Language } from '@nebab/shared';

/** An `hreflang` alternate of a page (`x-default` for the address without a language). */
export interface Alternate {
  hreflang: 'en' | 'am' | 'x-default';
  href: string;
}

/** Everything the `<head>` of a public page says about it: for people, crawlers and link previews. */
export interface PageHead {
  language: Language;
  /** The whole `<title>`. */
  title: string;
  /** Plain text, at most ~200 characters. */
  description: string;
  /** Absolute; null for pages that must not be indexed under any address (search results). */
  canonical: string | null;
  alternates: Alternate[];
  /** `noindex, follow` for search results, not-found and private pages. */
  robots?: string;
  openGraph: {
    type: 'website' | 'book' | 'profile';
    title: string;
    url: string;
    /** Absolute image address, with its size when known. */
    image: { url: string; alt: string; width?: number; height?: number; type?: string };
    /** Further `og:`/`book:`/`profile:` properties, e.g. `book:isbn`. */
    extra?: Array<[property: string, content: string]>;
  };
  twitterCard: 'summary' | 'summary_large_image';
  /** schema.org objects, each written as its own `application/ld+json` script. */
  jsonLd: object[];
}

const OG_LOCALE: Record<Language, string> = { en: 'en_US', am: 'am_ET' };

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment, no U+2028/9). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The `<head>` tags of a page (title, description, canonical, alternates, Open Graph, Twitter, JSON-LD). */
export function renderHead(head: PageHead): string {
  const og = head.openGraph;
  const other: Language = head.language === 'am' ? 'en' : 'am';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    ...head.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}">`,
    ),
    meta('property', 'og:site_name', head.language === 'am' ? 'ንባብ · Nebab' : 'Nebab · ንባብ'),
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', og.url),
    meta('property', 'og:locale', OG_LOCALE[head.language]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    meta('property', 'og:image', og.image.url),
    og.image.type ? meta('property', 'og:image:type', og.image.type) : '',
    og.image.width ? meta('property', 'og:image:width', String(og.image.width)) : '',
    og.image.height ? meta('property', 'og:image:height', String(og.image.height)) : '',
    meta('property', 'og:image:alt', og.image.alt),
    ...(og.extra ?? []).map(([property, content]) => meta('property', property, content)),
    meta('name', 'twitter:card', head.twitterCard),
    meta('name', 'twitter:title', og.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', og.image.url),
    meta('name', 'twitter:image:alt', og.image.alt),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
