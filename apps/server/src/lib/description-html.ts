import sanitizeHtml from 'sanitize-html';

/**
 * Allow-list sanitiser for book descriptions, whoever wrote them (an admin, an uploader, a catalogue
 * source): simple formatting and http(s) links only; scripts, event handlers, styles, images and
 * every other tag or attribute are stripped. The client renders the result as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'blockquote', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** HTML when it has tags; otherwise plain text, escaped, one paragraph per blank-line block. */
export function descriptionHtml(text: string): string | null {
  if (/<[a-z!/?][^>]*>/i.test(text)) return sanitizeDescription(text) || null;
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\r?\n/g, '<br>')}</p>`);
  return paragraphs.length > 0 ? sanitizeDescription(paragraphs.join('')) || null : null;
}
