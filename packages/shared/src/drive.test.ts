import { describe, expect, it } from 'vitest';
import { driveEmbedUrl, parseDriveFileId } from './drive.js';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('parseDriveFileId (spec §5, four patterns)', () => {
  it.each([
    [`https://drive.google.com/uc?id=${ID}&export=download`, 'id query'],
    [`https://docs.google.com/document/d/${ID}/edit?usp=sharing`, '/d/'],
    [`https://drive.google.com/file/d/${ID}/view?usp=sharing`, '/file/d/'],
    [`https://drive.google.com/open?id=${ID}`, '/open?id='],
  ])('%s (%s)', (link) => {
    expect(parseDriveFileId(link)).toBe(ID);
  });

  it.each([
    null,
    '',
    'not a url',
    `https://example.com/file/d/${ID}/view`,
    'https://drive.google.com/drive/my-drive',
    'https://drive.google.com/open?id=short',
  ])('rejects %s', (link) => {
    expect(parseDriveFileId(link)).toBeNull();
  });

  it('builds the embed address', () => {
    expect(driveEmbedUrl(ID)).toBe(`https://drive.google.com/file/d/${ID}/preview`);
  });
});
