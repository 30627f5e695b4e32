import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { woffToSfnt } from './woff.js';

const require = createRequire(import.meta.url);

/** The faces the generated covers name (Literata for Latin titles, Noto Sans Ethiopic for Ge'ez). */
const FONT_FILES = [
  '@fontsource/literata/files/literata-latin-400-normal.woff',
  '@fontsource/literata/files/literata-latin-700-normal.woff',
  '@fontsource/literata/files/literata-latin-ext-400-normal.woff',
  '@fontsource/literata/files/literata-latin-ext-700-normal.woff',
  '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-400-normal.woff',
  '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-700-normal.woff',
];

let fontPaths: Promise<string[]> | undefined;

/** The cover fonts as TrueType files in a temporary folder (decoded once per process, reused after). */
function fonts(): Promise<string[]> {
  fontPaths ??= (async () => {
    const dir = path.join(os.tmpdir(), `nebab-fonts-${process.getuid?.() ?? 'u'}`);
    await mkdir(dir, { recursive: true });
    return Promise.all(
      FONT_FILES.map(async (file) => {
        const source = await readFile(require.resolve(file));
        const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);
        const target = path.join(dir, `${path.basename(file, '.woff')}-${digest}.ttf`);
        if (!existsSync(target)) await writeFile(target, woffToSfnt(source));
        return target;
      }),
    );
  })();
  fontPaths.catch(() => (fontPaths = undefined));
  return fontPaths;
}

/**
 * Renders an SVG document to PNG at `width` pixels wide with resvg (a Rust SVG renderer, prebuilt for
 * the platform), drawing text with the bundled faces so Ge'ez titles render like in the browser.
 * The native module is loaded on first use.
 */
export async function svgToPng(svg: string, width: number): Promise<Buffer> {
  const [{ Resvg }, fontFiles] = await Promise.all([import('@resvg/resvg-js'), fonts()]);
  const renderer = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: {
      fontFiles,
      loadSystemFonts: false,
      defaultFontFamily: 'Literata',
      serifFamily: 'Literata',
      sansSerifFamily: 'Noto Sans Ethiopic',
    },
  });
  return renderer.render().asPng();
}
