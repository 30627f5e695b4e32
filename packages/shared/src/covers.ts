import type { GenreSlug } from './genres.js';

/**
 * Generated covers for books without one (and while a real cover loads). A page of them should
 * look designed, not like a wall of one card: each cover takes its colour family from the genre,
 * and its exact hues, light or dark ground, pattern and layout from a hash of the title, so books of
 * one genre are related but never identical. The title is set as large as it fits (Latin and Ge'ez
 * measured differently), the author small and spaced.
 *
 * `coverDesign` answers plain shapes and text; the web client draws them as inline SVG (so the
 * page's fonts, Noto Sans Ethiopic included, apply) and `coverSvg` serialises the same design for
 * `GET /api/books/:id/cover.svg`.
 */

export const COVER_WIDTH = 200;
export const COVER_HEIGHT = 300;

/** Base hue (degrees) of each genre's colour family. */
const GENRE_HUES: Record<GenreSlug, number> = {
  art: 340,
  biography: 215,
  business: 185,
  children: 35,
  christian: 260,
  classics: 22,
  comics: 8,
  cookbooks: 42,
  fantasy: 250,
  fiction: 195,
  'graphic-novels': 300,
  'historical-fiction': 28,
  history: 18,
  horror: 350,
  humor: 50,
  manga: 355,
  memoir: 80,
  music: 228,
  mystery: 210,
  nonfiction: 160,
  poetry: 285,
  psychology: 205,
  romance: 335,
  science: 172,
  'science-fiction': 200,
  'self-help': 70,
  sports: 130,
  thriller: 235,
  travel: 190,
  'young-adult': 270,
};

/** Hue of books without a known genre: a quiet slate, still varied by title. */
const FALLBACK_HUE = 210;

export type CoverPattern = 'bands' | 'arcs' | 'dots' | 'diagonals' | 'sun' | 'waves' | 'tilet' | 'blocks';
const PATTERNS: readonly CoverPattern[] = [
  'bands',
  'arcs',
  'dots',
  'diagonals',
  'sun',
  'waves',
  'tilet',
  'blocks',
];

/** One drawn shape: an SVG element name and its attributes. */
export interface CoverShape {
  tag: 'rect' | 'circle' | 'path' | 'polygon' | 'line';
  attrs: Record<string, string | number>;
}

/** A block of text lines, anchored at (x, y) of its first baseline. */
export interface CoverText {
  lines: string[];
  x: number;
  y: number;
  fontSize: number;
  lineHeight: number;
  fontWeight: number;
  fill: string;
  fontFamily: string;
  anchor: 'start' | 'middle';
  letterSpacing: number;
}

export interface CoverDesign {
  background: string;
  pattern: CoverPattern;
  /** The pattern's area: its shapes are clipped to it, so they never run under the text. */
  patternBox: { x: number; y: number; w: number; h: number };
  /** Attributes every pattern shape shares (fill, stroke…), drawn once on their group. */
  patternStyle: Record<string, string | number>;
  /** The pattern's shapes (clipped to `patternBox`), their coordinates to a tenth. */
  shapes: CoverShape[];
  /** The accent rule between pattern and text. */
  rule: CoverShape;
  title: CoverText;
  author: CoverText | null;
}

export interface CoverBook {
  title: string;
  author?: string | null;
  genre?: string | null;
}

const TITLE_FONT = "Literata, 'Noto Sans Ethiopic', Georgia, serif";
const AUTHOR_FONT = "'Inter Variable', Inter, 'Noto Sans Ethiopic', Arial, sans-serif";

/** FNV-1a: a small, stable hash of the text (the same title always gets the same cover). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A sequence of numbers in [0, 1) from a seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

const ETHIOPIC = /[\u1200-\u137f]/;

/** Width of a character in em for the title face (Ge'ez glyphs are near square). */
function charWidth(char: string): number {
  if (ETHIOPIC.test(char)) return 0.92;
  if (char === ' ') return 0.28;
  if (/[A-Z]/.test(char)) return 0.7;
  if (/[mwMW]/.test(char)) return 0.85;
  if (/[il.,'’:;!|]/.test(char)) return 0.3;
  return 0.56;
}

const textWidth = (text: string, fontSize: number) =>
  [...text].reduce((sum, char) => sum + charWidth(char), 0) * fontSize;

/** Splits text into at most `maxLines` lines of at most `maxWidth` px, with an ellipsis if cut. */
export function wrapToWidth(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const fitWord = (word: string) => {
    // A word wider than the line is cut with an ellipsis.
    let cut = word;
    while (cut.length > 1 && textWidth(`${cut}…`, fontSize) > maxWidth) cut = cut.slice(0, -1);
    return cut === word ? word : `${cut}…`;
  };
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, fontSize) <= maxWidth) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = fitWord(word);
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const shown = lines.join(' ').replace(/…/g, '');
  if (lines.length === maxLines && words.join(' ').length > shown.length) {
    const last = lines[maxLines - 1]!.replace(/…$/, '');
    let trimmed = last;
    while (trimmed.length > 1 && textWidth(`${trimmed}…`, fontSize) > maxWidth)
      trimmed = trimmed.slice(0, -1);
    lines[maxLines - 1] = `${trimmed.replace(/[\s,.;:]+$/, '')}…`;
  }
  return lines;
}

/**
 * The largest title size (30 down to 13 px) whose lines fit the width without cutting a word and
 * whose block fits `maxHeight`; at the smallest size the title is cut with an ellipsis.
 */
function fitTitle(
  title: string,
  maxWidth: number,
  maxLines: number,
  maxHeight: number,
  geez: boolean,
): { size: number; lines: string[] } {
  const words = title.trim().split(/\s+/).join(' ');
  for (let size = 30; size >= 13; size -= 1) {
    const lineHeight = Math.round(size * (geez ? 1.3 : 1.15));
    const fitsLines = Math.max(1, Math.min(maxLines, Math.floor((maxHeight - size) / lineHeight) + 1));
    const lines = wrapToWidth(title, size, maxWidth, fitsLines);
    if (lines.join(' ') === words) return { size, lines };
  }
  const lineHeight = Math.round(13 * (geez ? 1.3 : 1.15));
  const fitsLines = Math.max(1, Math.min(maxLines, Math.floor((maxHeight - 13) / lineHeight) + 1));
  return { size: 13, lines: wrapToWidth(title, 13, maxWidth, fitsLines) };
}

/** Decorative shapes of a pattern inside the box (x, y, w, h), in `ink` at a low opacity. */
/** A coordinate to a tenth: the drawing cannot tell, and a page of covers stays light. */
function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The shapes of a pattern in its box and the attributes they all share (set once on their group:
 * a page of generated covers weighed 390 kB when every dot carried its own colour).
 */
function patternShapes(
  pattern: CoverPattern,
  box: { x: number; y: number; w: number; h: number },
  ink: string,
  random: () => number,
): { style: Record<string, string | number>; shapes: CoverShape[] } {
  const shapes: CoverShape[] = [];
  const { x, y, w, h } = box;
  const stroke = (opacity: number, width: number) => ({
    fill: 'none',
    stroke: ink,
    'stroke-opacity': opacity,
    'stroke-width': width,
  });
  switch (pattern) {
    case 'bands': {
      const count = 3 + Math.floor(random() * 3);
      for (let i = 0; i < count; i += 1) {
        const bandH = (h / count) * (0.35 + random() * 0.4);
        shapes.push({
          tag: 'rect',
          attrs: {
            x,
            y: r1(y + (i * h) / count),
            width: w,
            height: r1(bandH),
            'fill-opacity': r1(0.12 + 0.1 * (i % 2)),
          },
        });
      }
      return { style: { fill: ink }, shapes };
    }
    case 'arcs': {
      const cx = r1(x + w * (random() < 0.5 ? 0.15 : 0.85));
      const cy = y + h;
      for (let r = 18; r < Math.max(w, h) * 1.1; r += 14)
        shapes.push({ tag: 'circle', attrs: { cx, cy, r } });
      return { style: stroke(0.28, 2), shapes };
    }
    case 'dots': {
      const step = 14 + Math.floor(random() * 6);
      for (let dy = step / 2; dy < h; dy += step)
        for (let dx = step / 2; dx < w; dx += step)
          shapes.push({ tag: 'circle', attrs: { cx: r1(x + dx), cy: r1(y + dy), r: 2.2 } });
      return { style: { fill: ink, 'fill-opacity': 0.35 }, shapes };
    }
    case 'diagonals': {
      const gap = 12 + Math.floor(random() * 8);
      for (let offset = -h; offset < w; offset += gap)
        shapes.push({
          tag: 'line',
          attrs: { x1: r1(x + offset), y1: r1(y + h), x2: r1(x + offset + h), y2: r1(y) },
        });
      return { style: { stroke: ink, 'stroke-opacity': 0.22, 'stroke-width': 3 }, shapes };
    }
    case 'sun': {
      const cx = r1(x + w * (0.3 + random() * 0.4));
      const cy = r1(y + h * 0.55);
      const r = r1(Math.min(w, h) * 0.42);
      shapes.push({ tag: 'circle', attrs: { cx, cy, r, 'fill-opacity': 0.42 } });
      shapes.push({ tag: 'circle', attrs: { cx, cy, r: r1(r * 1.35), ...stroke(0.3, 1.5) } });
      return { style: { fill: ink }, shapes };
    }
    case 'waves': {
      const amplitude = r1(5 + random() * 5);
      for (let row = 10; row < h; row += 13) {
        let d = `M${x} ${r1(y + row)}`;
        for (let dx = 0; dx < w; dx += 20) d += `q10 ${dx % 40 === 0 ? -amplitude : amplitude} 20 0`;
        shapes.push({ tag: 'path', attrs: { d } });
      }
      return { style: stroke(0.3, 1.8), shapes };
    }
    case 'tilet': {
      // A woven tilet border (the patterned hem of Ethiopian cloth): rows of diamonds and zigzags.
      const rows = Math.max(2, Math.floor(h / 22));
      const size = h / rows;
      for (let row = 0; row < rows; row += 1) {
        const top = y + row * size;
        for (let dx = 0; dx < w; dx += size) {
          const left = x + dx;
          const points =
            row % 2 === 0
              ? `${r1(left + size / 2)},${r1(top + 3)} ${r1(left + size - 3)},${r1(top + size / 2)} ${r1(left + size / 2)},${r1(top + size - 3)} ${r1(left + 3)},${r1(top + size / 2)}`
              : `${r1(left)},${r1(top + size - 4)} ${r1(left + size / 2)},${r1(top + 4)} ${r1(left + size)},${r1(top + size - 4)}`;
          // Diamonds are filled; zigzags drawn with the group's stroke.
          shapes.push({
            tag: 'polygon',
            attrs: row % 2 === 0 ? { points, fill: ink, 'fill-opacity': 0.4, stroke: 'none' } : { points },
          });
        }
      }
      return { style: stroke(0.45, 2), shapes };
    }
    case 'blocks': {
      let left = x;
      while (left < x + w) {
        const width = Math.min(x + w - left, 22 + random() * 40);
        const height = h * (0.3 + random() * 0.7);
        const opacity = r1(0.14 + random() * 0.22);
        // A sliver left at the edge (narrower than the 4-unit gap) is no block: a negative width
        // is invalid SVG. The random draws stay the same, so the other covers do not change.
        if (width > 5)
          shapes.push({
            tag: 'rect',
            attrs: {
              x: r1(left),
              y: r1(y + h - height),
              width: r1(width - 4),
              height: r1(height),
              'fill-opacity': opacity,
            },
          });
        left += width;
      }
      return { style: { fill: ink }, shapes };
    }
  }
}

/**
 * The generated cover of a book: a colour family from its genre, hues, pattern, ground and layout
 * from its title, the title as large as it fits and the author below it.
 */
export function coverDesign(book: CoverBook): CoverDesign {
  const title = book.title?.trim() || '—';
  const author = book.author?.trim() ?? '';
  const random = randomFrom(hash(`${title}|${author}`));
  const baseHue = (book.genre ? GENRE_HUES[book.genre as GenreSlug] : undefined) ?? FALLBACK_HUE;
  const hue = baseHue + (random() - 0.5) * 36;
  const light = random() < 0.3;
  const pattern = PATTERNS[Math.floor(random() * PATTERNS.length)]!;
  const background = light
    ? hsl(hue, 38 + random() * 20, 88 + random() * 4)
    : hsl(hue, 40 + random() * 25, 20 + random() * 10);
  const ink = light ? hsl(hue, 55, 30) : hsl(hue + 25 + random() * 30, 70, 72);
  const text = light ? hsl(hue, 35, 14) : '#ffffff';
  const authorInk = light ? hsl(hue, 45, 26) : hsl(hue + 20, 60, 84);

  // Where the pattern sits and where the text goes: pattern at the top (text below), at the
  // bottom (text above, the pattern filling what the text leaves), or a band down the side.
  const layout = (['patternTop', 'patternBottom', 'patternSide'] as const)[Math.floor(random() * 3)]!;
  const margin = 18;
  const patternTopHeight = 112 + Math.floor(random() * 28);
  const region =
    layout === 'patternTop'
      ? { x: margin, top: patternTopHeight + 22, bottom: COVER_HEIGHT - 20, w: COVER_WIDTH - 2 * margin }
      : layout === 'patternBottom'
        ? { x: margin, top: 26, bottom: 196, w: COVER_WIDTH - 2 * margin }
        : { x: 56, top: 30, bottom: COVER_HEIGHT - 22, w: COVER_WIDTH - 56 - margin };
  const centred = layout !== 'patternSide' && random() < 0.35;
  const x = centred ? COVER_WIDTH / 2 : region.x;

  const authorSize = author && ETHIOPIC.test(author) ? 11.5 : 10.5;
  const authorLines = author ? wrapToWidth(author.toUpperCase(), authorSize * 1.08, region.w, 2) : [];
  const authorLineHeight = 14;
  const authorBlock = authorLines.length ? 18 + (authorLines.length - 1) * authorLineHeight + authorSize : 0;
  const geezTitle = ETHIOPIC.test(title);
  const fitted = fitTitle(
    title,
    region.w,
    layout === 'patternSide' ? 7 : 5,
    region.bottom - region.top - authorBlock,
    geezTitle,
  );
  const lineHeight = Math.round(fitted.size * (geezTitle ? 1.3 : 1.15));
  const titleY = region.top + fitted.size;
  const titleBottom = titleY + (fitted.lines.length - 1) * lineHeight;
  const authorY =
    layout === 'patternBottom'
      ? titleBottom + 20 + authorSize * 0.2
      : region.bottom - (authorLines.length - 1) * authorLineHeight;
  const textEnd =
    layout === 'patternBottom'
      ? authorLines.length
        ? authorY + (authorLines.length - 1) * authorLineHeight
        : titleBottom
      : 0;

  const patternBox =
    layout === 'patternTop'
      ? { x: 0, y: 0, w: COVER_WIDTH, h: patternTopHeight }
      : layout === 'patternBottom'
        ? { x: 0, y: textEnd + 24, w: COVER_WIDTH, h: COVER_HEIGHT - textEnd - 24 }
        : { x: 0, y: 0, w: 40, h: COVER_HEIGHT };
  const { style: patternStyle, shapes } = patternShapes(pattern, patternBox, ink, random);
  // A rule in the accent between pattern and text.
  const rule: CoverShape =
    layout === 'patternSide'
      ? {
          tag: 'rect',
          attrs: { x: 44, y: 0, width: 2, height: COVER_HEIGHT, fill: ink, 'fill-opacity': 0.7 },
        }
      : {
          tag: 'rect',
          attrs: {
            x: centred ? COVER_WIDTH / 2 - 18 : margin,
            y: layout === 'patternTop' ? patternTopHeight + 8 : textEnd + 12,
            width: 36,
            height: 3,
            fill: ink,
            'fill-opacity': 0.9,
          },
        };

  const titleText: CoverText = {
    lines: fitted.lines,
    x,
    y: titleY,
    fontSize: fitted.size,
    lineHeight,
    fontWeight: 700,
    fill: text,
    fontFamily: TITLE_FONT,
    anchor: centred ? 'middle' : 'start',
    letterSpacing: 0,
  };
  const authorText: CoverText | null = authorLines.length
    ? {
        lines: authorLines,
        x,
        y: authorY,
        fontSize: authorSize,
        lineHeight: authorLineHeight,
        fontWeight: 600,
        fill: authorInk,
        fontFamily: AUTHOR_FONT,
        anchor: centred ? 'middle' : 'start',
        letterSpacing: ETHIOPIC.test(author) ? 0 : 1.2,
      }
    : null;

  return {
    background,
    pattern,
    patternBox,
    patternStyle,
    shapes,
    rule,
    title: titleText,
    author: authorText,
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
}

function textSvg(text: CoverText): string {
  const lines = text.lines
    .map((line, i) => `<tspan x="${text.x}" y="${text.y + i * text.lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${escapeXml(text.fontFamily)}" font-size="${text.fontSize}" font-weight="${text.fontWeight}" fill="${text.fill}" text-anchor="${text.anchor}" letter-spacing="${text.letterSpacing}">${lines}</text>`;
}

/** The generated cover as a standalone SVG document (200×300), the same design the client draws. */
export function coverSvg(book: CoverBook): string {
  const design = coverDesign(book);
  const element = (shape: CoverShape) =>
    `<${shape.tag} ${Object.entries(shape.attrs)
      .map(([key, value]) => `${key}="${escapeXml(String(value))}"`)
      .join(' ')}/>`;
  const { x, y, w, h } = design.patternBox;
  const style = Object.entries(design.patternStyle)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  const shapes = `<clipPath id="pattern"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#pattern)"${style}>${design.shapes.map(element).join('')}</g>${element(design.rule)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" role="img"`,
    ` aria-label="${escapeXml(book.title)}">`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="${design.background}"/>`,
    shapes,
    textSvg(design.title),
    design.author ? textSvg(design.author) : '',
    '</svg>',
  ].join('');
}
