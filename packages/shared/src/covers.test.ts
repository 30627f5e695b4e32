import { describe, expect, it } from 'vitest';
import { coverDesign, coverSvg, wrapToWidth } from './covers.js';

describe('generated covers', () => {
  it('wraps long titles to the width, with an ellipsis when cut', () => {
    const lines = wrapToWidth(
      'A very long title that goes on and on and on and on and on and on',
      20,
      160,
      3,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });

  it('sets short titles large and long ones smaller, never cutting a word that fits', () => {
    const short = coverDesign({ title: 'Oromay', genre: 'fiction' }).title;
    const long = coverDesign({
      title: 'Unbroken: A World War II Story of Survival, Resilience, and Redemption',
      genre: 'history',
    }).title;
    expect(short.fontSize).toBeGreaterThan(long.fontSize);
    expect(short.lines).toEqual(['Oromay']);
    // Ge'ez titles are measured as wider glyphs, so they wrap sooner than Latin of the same length.
    const geez = coverDesign({ title: 'ፍቅር እስከ መቃብር', genre: 'fiction' }).title;
    expect(geez.lines.join(' ')).toBe('ፍቅር እስከ መቃብር');
  });

  it('gives a page of one genre real variety: hues, patterns and layouts differ by title', () => {
    const titles = Array.from({ length: 24 }, (_, i) => `Book number ${i}`);
    const designs = titles.map((title) => coverDesign({ title, author: 'Someone', genre: 'fantasy' }));
    expect(new Set(designs.map((d) => d.background)).size).toBeGreaterThan(12);
    expect(new Set(designs.map((d) => d.pattern)).size).toBeGreaterThanOrEqual(5);
    expect(
      new Set(designs.map((d) => `${d.title.anchor}:${d.title.x}:${d.title.y > 100}`)).size,
    ).toBeGreaterThan(2);
  });

  it('keeps the genre as a colour family, and the same book always looks the same', () => {
    const hueOf = (genre: string) =>
      Number(/hsl\((\d+)/.exec(coverDesign({ title: 'X', genre }).background)?.[1]);
    expect(Math.abs(hueOf('romance') - hueOf('science'))).toBeGreaterThan(60);
    expect(coverDesign({ title: 'Fikir', author: 'A', genre: 'poetry' })).toEqual(
      coverDesign({ title: 'Fikir', author: 'A', genre: 'poetry' }),
    );
  });

  it('draws no shape with a negative size, whatever the title (the blocks pattern once did at its edge)', () => {
    const genres = ['mystery', 'fantasy', 'romance', 'history', 'poetry', null];
    const negative: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const title = `Title ${i} ${'x'.repeat(i % 37)}`;
      const design = coverDesign({ title, author: `Author ${i % 97}`, genre: genres[i % genres.length] });
      for (const shape of design.shapes)
        for (const key of ['width', 'height', 'r', 'rx', 'ry'] as const) {
          const value = shape.attrs[key];
          if (typeof value === 'number' && value < 0)
            negative.push(`${title}: ${design.pattern} ${key}=${value}`);
        }
    }
    expect(negative).toEqual([]);
  });

  it('escapes the text in the SVG', () => {
    const svg = coverSvg({ title: 'Tom & Jerry <3', author: 'ፍቅር "እስከ"' });
    expect(svg).toContain('Tom &amp; Jerry &lt;3');
    expect(svg).toContain('ፍቅር &quot;እስከ&quot;');
    expect(svg.startsWith('<svg')).toBe(true);
  });
});
