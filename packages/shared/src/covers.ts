import type { GenreSlug } from './genres.js';

/** Cover colours per genre: a calm background and an accent, readable with light text. */
const GENRE_COLOURS: Record<GenreSlug, [string, string]> = {
  art: ['#7a3b52', '#f2c6d4'],
  biography: ['#3f4f6b', '#d9e2f2'],
  business: ['#2f5d62', '#cde8e5'],
  children: ['#9a5b13', '#fde3b5'],
  christian: ['#4b3f72', '#e0d9f7'],
  classics: ['#5b3a29', '#f1dcc8'],
  comics: ['#a23b2a', '#ffd9cf'],
  cookbooks: ['#7d5a16', '#f7e6b8'],
  fantasy: ['#3b3a78', '#d6d5fb'],
  fiction: ['#2d4a53', '#cfe5ea'],
  'graphic-novels': ['#6b2f5d', '#f4cfe9'],
  'historical-fiction': ['#6a4a2a', '#f0dfc9'],
  history: ['#5c4033', '#ecdccf'],
  horror: ['#3a1f24', '#f0c8cd'],
  humor: ['#8a6d00', '#fff0b3'],
  manga: ['#8f2d3b', '#ffd3da'],
  memoir: ['#4f5a3a', '#e3ebd0'],
  music: ['#2f3f7a', '#d3dcfb'],
  mystery: ['#243447', '#cfdcec'],
  nonfiction: ['#39524a', '#d3e6df'],
  poetry: ['#6a3f6f', '#efd6f2'],
  psychology: ['#3d5a80', '#d4e3f5'],
  romance: ['#8c2f4a', '#ffd0dd'],
  science: ['#1f5f5b', '#c9ece8'],
  'science-fiction': ['#1d3d5c', '#c8def3'],
  'self-help': ['#55602a', '#e8efc6'],
  sports: ['#2b5a2e', '#cfe9d1'],
  thriller: ['#2e2e38', '#d8d8e6'],
  travel: ['#1e5a74', '#c9e6f2'],
  'young-adult': ['#6b3fa0', '#e6d7fa'],
};

const FALLBACK: [string, string] = ['#34495e', '#dfe6ee'];

export interface CoverLayout {
  background: string;
  accent: string;
  titleLines: string[];
  author: string;
}

/** Splits text into at most `maxLines` lines of about `width` characters, with an ellipsis if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next.length > width * 1.6 ? `${next.slice(0, width - 1)}…` : next;
    } else {
      lines.push(line);
      line = word;
    }
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  if (lines.length === maxLines && words.join(' ').length > lines.join(' ').length) {
    const last = lines[maxLines - 1]!;
    if (!last.endsWith('…')) lines[maxLines - 1] = `${last.replace(/[\s,.;:]+$/, '')}…`;
  }
  return lines;
}

/** The generated cover of a book without one: title, author and a colour from its first genre. */
export function coverLayout(book: {
  title: string;
  author?: string | null;
  genre?: string | null;
}): CoverLayout {
  const [background, accent] = (book.genre && GENRE_COLOURS[book.genre as GenreSlug]) || FALLBACK;
  return {
    background,
    accent,
    titleLines: wrapText(book.title || '—', 14, 5),
    author: wrapText(book.author ?? '', 22, 1)[0] ?? '',
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
}

/** The generated cover as a standalone SVG document (200×300). */
export function coverSvg(book: { title: string; author?: string | null; genre?: string | null }): string {
  const layout = coverLayout(book);
  const title = layout.titleLines
    .map(
      (line, i) =>
        `<text x="100" y="${92 + i * 26}" text-anchor="middle" font-size="20" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300" width="200" height="300" role="img"',
    ` aria-label="${escapeXml(book.title)}">`,
    `<rect width="200" height="300" fill="${layout.background}"/>`,
    `<rect x="12" y="12" width="176" height="276" fill="none" stroke="${layout.accent}" stroke-opacity="0.55" stroke-width="1.5"/>`,
    `<rect x="70" y="52" width="60" height="2" fill="${layout.accent}"/>`,
    `<g fill="#ffffff" font-family="Literata, Georgia, 'Noto Sans Ethiopic', 'Noto Serif Ethiopic', serif">${title}</g>`,
    `<rect x="70" y="236" width="60" height="2" fill="${layout.accent}"/>`,
    `<text x="100" y="262" text-anchor="middle" font-size="13" fill="${layout.accent}" font-family="Inter, Arial, 'Noto Sans Ethiopic', sans-serif">${escapeXml(layout.author)}</text>`,
    '</svg>',
  ].join('');
}
