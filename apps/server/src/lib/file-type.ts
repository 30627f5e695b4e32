import { IMAGE_LIMITS } from '@nebab/shared';
import { AppError, ValidationError } from './errors.js';

/**
 * File types by their first bytes, never by name or declared content type. Every upload
 * (book covers, PDFs, club covers, profile pictures) is checked here, images also by the size of
 * their canvas, read from the header (nothing is ever decoded on the server).
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

export interface ImageSize {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk comes first; width and height are its first two big-endian words. */
function pngSize(head: Buffer): ImageSize | null {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, canvas size). */
function webpSize(head: Buffer): ImageSize | null {
  if (head.length < 30) return null;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) then the start code 9d 01 2a, then 14-bit width and height.
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return null;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return null;
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Start-of-frame markers carry the size: C0–CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** JPEG: walks the segments (APPn, DQT…) to the first start-of-frame, which holds the size. */
function jpegSize(head: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const length = head.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > head.length) return null;
      return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/** The canvas size an image's header declares, or null when it cannot be read from `head`. */
export function imageSize(head: Buffer): ImageSize | null {
  switch (imageType(head)) {
    case 'png':
      return pngSize(head);
    case 'webp':
      return webpSize(head);
    case 'jpg':
      return jpegSize(head);
    default:
      return null;
  }
}

/** How many leading bytes an image check reads: enough for a JPEG's size past large EXIF/ICC blocks. */
export const IMAGE_HEAD_BYTES = 512 * 1024;

/** An image whose header declares a canvas over IMAGE_LIMITS (an image bomb, or just too big). */
export class ImageDimensionsError extends Error {
  override name = 'ImageDimensionsError';
  constructor(readonly size: ImageSize) {
    super(`image of ${size.width}×${size.height} pixels is over the limit`);
  }
}

/**
 * The type of an acceptable image: a JPEG, PNG or WebP whose size can be read and is within
 * IMAGE_LIMITS. Null when it is not such an image (→ 415); throws ImageDimensionsError when it is
 * too big or declares an empty canvas.
 */
export function acceptableImage(head: Buffer): ImageExtension | null {
  const type = imageType(head);
  if (!type) return null;
  const size = imageSize(head);
  if (!size) return null;
  const { maxSide, maxPixels } = IMAGE_LIMITS;
  if (
    size.width < 1 ||
    size.height < 1 ||
    size.width > maxSide ||
    size.height > maxSide ||
    size.width * size.height > maxPixels
  )
    throw new ImageDimensionsError(size);
  return type;
}

/** For `putStream`'s `accept`: true for an acceptable image, false or the dimensions error otherwise. */
export function acceptImageHead(head: Buffer): boolean | Error {
  try {
    return acceptableImage(head) !== null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
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

/** The 400 of an image over IMAGE_LIMITS, on the form field that carried it. */
export function imageDimensionsError(field: string): ValidationError {
  return new ValidationError({ [field]: 'uploads.imageDimensions' }, 'uploads.imageDimensions');
}

/**
 * Checks a whole uploaded image held in memory (a profile picture, an admin's cover): its type
 * (415 when not JPEG, PNG or WebP with a readable size) and its canvas (400 over IMAGE_LIMITS).
 */
export function requireAcceptableImage(data: Buffer, field: string, typeMessageKey?: string): ImageExtension {
  let type: ImageExtension | null;
  try {
    type = acceptableImage(data);
  } catch (error) {
    if (error instanceof ImageDimensionsError) throw imageDimensionsError(field);
    throw error;
  }
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: typeMessageKey });
  return type;
}
