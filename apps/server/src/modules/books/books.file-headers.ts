/**
 * Headers of stored files served back (book PDFs, uploaded covers): the type is fixed by the
 * server, never sniffed, and a PDF may not run script nor load anything even when opened on its own.
 */

/** The PDF's own policy: a sandboxed document that may load nothing (PDF viewers still render it). */
export const PDF_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** An ASCII filename for old clients: letters, digits and a few safe marks, else `book`. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return ascii || 'book';
}

/** RFC 5987 `ext-value` encoding (UTF-8, percent-encoded beyond the attr-char set). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `inline; filename="<ascii>.pdf"; filename*=UTF-8''<encoded>.pdf` for a title in any script;
 * quotes, backslashes, control characters and path separators never reach the header.
 */
export function inlineDisposition(title: string, extension: string): string {
  const clean = [...title]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' || '"\\/'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  const base = clean || 'book';
  return `inline; filename="${asciiFallback(base)}.${extension}"; filename*=UTF-8''${encodeRfc5987(`${base}.${extension}`)}`;
}
