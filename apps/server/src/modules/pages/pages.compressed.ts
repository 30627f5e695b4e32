import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type PageEncoding = 'br' | 'gzip';

/** Documents shorter than this go out as they are (as the compression plugin's threshold). */
const MIN_BYTES = 1024;

/**
 * The encoding a reader's browser accepts for a document: br before gzip, none when it lists neither
 * (or refuses them with q=0).
 */
export function acceptedEncoding(header: string | string[] | undefined): PageEncoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (coding && !refused) accepted.add(coding);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A rendered document kept for many readers, compressed once per encoding (the readers who ask while
 * it compresses share that one), so a page served from the cache costs no compression at all.
 */
export class CompressedDocument {
  private readonly bodies = new Map<PageEncoding, Promise<Buffer>>();

  constructor(readonly html: string) {}

  /** The body in `encoding`, or null when the document is too short to be worth compressing. */
  body(encoding: PageEncoding): Promise<Buffer> | null {
    if (this.html.length < MIN_BYTES) return null;
    let body = this.bodies.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.html, {
              params: {
                // Once per document for every reader of it: a closer squeeze than the plugin's q4.
                [constants.BROTLI_PARAM_QUALITY]: 7,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.html),
              },
            })
          : gzipped(this.html, { level: 7 });
      this.bodies.set(encoding, body);
    }
    return body;
  }
}
