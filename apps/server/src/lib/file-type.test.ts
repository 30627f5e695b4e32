import { describe, expect, it } from 'vitest';
import { JPEG, jpegDeclaring, PNG, pngDeclaring, WEBP } from '../../test/upload-fixtures.js';
import { acceptableImage, ImageDimensionsError, imageSize, imageType } from './file-type.js';

/** A VP8 (simple lossy) WebP header declaring `width`×`height`. */
function vp8(width: number, height: number): Buffer {
  const head = Buffer.alloc(30);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(22, 4);
  head.write('WEBPVP8 ', 8, 'latin1');
  head.set([0x9d, 0x01, 0x2a], 23);
  head.writeUInt16LE(width, 26);
  head.writeUInt16LE(height, 28);
  return head;
}

/** A VP8L (lossless) WebP header declaring `width`×`height`. */
function vp8l(width: number, height: number): Buffer {
  const head = Buffer.alloc(30);
  head.write('RIFF', 0, 'latin1');
  head.write('WEBPVP8L', 8, 'latin1');
  head[20] = 0x2f;
  head.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return head;
}

describe('image sizes from headers', () => {
  it('reads real PNG, JPEG and WebP files', () => {
    expect(imageSize(PNG)).toEqual({ width: 1, height: 1 });
    expect(imageSize(JPEG)).toEqual({ width: 3, height: 2 });
    expect(imageType(WEBP)).toBe('webp');
    expect(imageSize(WEBP)).toEqual({ width: 3, height: 2 });
  });

  it('reads the simple and lossless WebP headers', () => {
    expect(imageSize(vp8(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(vp8l(16383, 2))).toEqual({ width: 16383, height: 2 });
  });

  it('accepts images within the limits', () => {
    expect(acceptableImage(pngDeclaring(6000, 6000))).toBe('png');
    expect(acceptableImage(jpegDeclaring(4000, 3000))).toBe('jpg');
    expect(acceptableImage(vp8(1200, 1800))).toBe('webp');
  });

  it('refuses image bombs: a side over 6000 or more than 40 megapixels', () => {
    for (const bomb of [
      pngDeclaring(16000, 16000),
      pngDeclaring(1_000_000, 1_000_000),
      pngDeclaring(6001, 10),
      jpegDeclaring(6000, 6000 + 1),
      vp8l(16383, 16383),
    ])
      expect(() => acceptableImage(bomb)).toThrow(ImageDimensionsError);
  });

  it('refuses a zero-sized canvas and answers null for what is not a readable image', () => {
    expect(() => acceptableImage(pngDeclaring(0, 10))).toThrow(ImageDimensionsError);
    expect(acceptableImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2]))).toBeNull();
    expect(acceptableImage(Buffer.from('GIF89a'))).toBeNull();
  });
});
