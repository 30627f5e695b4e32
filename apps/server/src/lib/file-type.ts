/**
 * File types by their first bytes, never by name or declared content type. Every upload
 * (book covers, PDFs, club covers, profile pictures) is checked here.
 */
export type ImageExtension = 'jpg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by its magic bytes (the first 12 are enough), or null. */
export function imageType(head: Buffer): ImageExtension | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** True when the bytes start like a PDF document. */
export function isPdf(head: Buffer): boolean {
  return head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-';
}

export const IMAGE_CONTENT_TYPES: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
