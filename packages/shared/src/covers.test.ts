import { describe, expect, it } from 'vitest';
import { coverLayout, coverSvg, wrapText } from './covers.js';

describe('generated covers', () => {
  it('wraps long titles with an ellipsis', () => {
    const lines = wrapText('A very long title that goes on and on and on and on and on and on', 14, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });

  it('takes its colour from the genre', () => {
    expect(coverLayout({ title: 'X', genre: 'fantasy' }).background).not.toBe(
      coverLayout({ title: 'X', genre: 'romance' }).background,
    );
    expect(coverLayout({ title: 'X', genre: 'unknown' }).background).toBe('#34495e');
  });

  it('escapes the text in the SVG', () => {
    const svg = coverSvg({ title: 'Tom & Jerry <3', author: 'ፍቅር "እስከ"' });
    expect(svg).toContain('Tom &amp; Jerry &lt;3');
    expect(svg).toContain('ፍቅር &quot;እስከ&quot;');
    expect(svg.startsWith('<svg')).toBe(true);
  });
});
