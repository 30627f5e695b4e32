import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type PageEncoding = 'br' | 'gzip';

const ENCODINGS: PageEncoding[] = ['br', 'gzip'];

/** Documents shorter than this go out as they are (as the compression plugin's threshold). */
const MIN_BYTES = 1024;

/**
 * The encoding a reader's browser accepts for a document, chosen as the compression plugin chooses
 * for every other answer (its negotiator, `*` and `x-gzip` read as gzip): br before gzip at equal
 * preference, none when it lists neither (or refuses them with q=0).
 */
export function acceptedEncoding(header: string | string[] | undefined): PageEncoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const chosen = negotiate(value.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
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
