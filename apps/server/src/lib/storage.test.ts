import { mkdtempSync, mkdirSync, existsSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage.js';

describe('local storage sweep', () => {
  it('removes old leftovers of interrupted uploads and keeps finished files and fresh ones', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'nebab-sweep-'));
    const file = (key: string, ageMs: number) => {
      const full = path.join(root, key);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, 'x');
      const when = (Date.now() - ageMs) / 1000;
      utimesSync(full, when, when);
      return full;
    };
    const hour = 60 * 60 * 1000;
    const oldPartial = file('books/local-1.pdf.123.abc.partial', 2 * hour);
    const oldTmp = file('tmp/upload-1.pdf', 2 * hour);
    const oldClubUpload = file('clubs/club-1-abc.upload', 2 * hour);
    const freshTmp = file('tmp/upload-2.pdf', 60_000);
    const finished = file('books/local-1.pdf', 2 * hour);
    const cover = file('covers/local-1.png', 2 * hour);

    expect(await createLocalStorage(root).sweep(hour)).toBe(3);
    for (const gone of [oldPartial, oldTmp, oldClubUpload]) expect(existsSync(gone)).toBe(false);
    for (const kept of [freshTmp, finished, cover]) expect(existsSync(kept)).toBe(true);
    expect(await createLocalStorage(path.join(root, 'missing')).sweep(hour)).toBe(0);
  });
});
