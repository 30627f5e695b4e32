import { translate, type Language } from '@nebab/shared';
import sanitizeHtml from 'sanitize-html';

/** A shared `seo.*` message with `{{name}}` placeholders filled in. */
export function seoText(
  key: string,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  return translate(`seo.${key}`, language).replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Plain text of (sanitised) HTML: tags dropped, block ends become spaces, whitespace collapsed. */
export function plainText(html: string): string {
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote|div)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** A number for people in the page's language. */
export function formatNumber(
  value: number,
  language: Language,
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(language === 'am' ? 'am-ET' : 'en-US', options).format(value);
}

/** A list joined with the language's "and" (`Intl.ListFormat`). */
export function formatList(items: string[], language: Language): string {
  return new Intl.ListFormat(language === 'am' ? 'am-ET' : 'en-US', { type: 'conjunction' }).format(items);
}
