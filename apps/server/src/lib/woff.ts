import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/**
 * Decodes a WOFF 1.0 font (W3C WOFF File Format 1.0: a header, a table directory and zlib-compressed
 * tables) into the TrueType/OpenType font it wraps. The SVG renderer reads only sfnt fonts, and the
 * font packages ship WOFF and WOFF2.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);

  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let index = 0; index < numTables; index += 1) {
    const entry = 44 + index * 20;
    const tag = woff.readUInt32BE(entry);
    const tableOffset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    if (tableOffset + compLength > woff.length) throw new Error('Truncated WOFF font');
    const stored = woff.subarray(tableOffset, tableOffset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('Corrupt WOFF table');
    const record = 12 + index * 16;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(origLength, record + 12);
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data);
    if (padding) parts.push(Buffer.alloc(padding));
    offset += data.length + padding;
  }
  return Buffer.concat(parts);
}
