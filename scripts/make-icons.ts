// Draws the web app's icons and the site's link-preview image from SVG with the server's renderer
// (resvg + the bundled faces) into apps/web/public. Run after changing the logo: `npx tsx scripts/make-icons.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svgToPng } from '../apps/server/src/lib/svg-png.js';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
mkdirSync(path.join(publicDir, 'icons'), { recursive: true });

const TEAL = '#0f4c4f';
const PAPER = '#f7f1e5';
const BOOKMARK = 'M9 6h14a1 1 0 0 1 1 1v19l-8-5-8 5V7a1 1 0 0 1 1-1z';

/** The logo on a rounded square (favicon) or a full square with a safe zone (maskable). */
function icon(options: { rounded: boolean; scale: number }): string {
  const offset = (32 - 32 * options.scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="${options.rounded ? 7 : 0}" fill="${TEAL}"/>
<g transform="translate(${offset} ${offset}) scale(${options.scale})"><path d="${BOOKMARK}" fill="${PAPER}"/></g>
</svg>`;
}

const OG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f4c4f"/><stop offset="1" stop-color="#16393b"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<g transform="translate(100 150) scale(6)"><rect width="32" height="32" rx="7" fill="${PAPER}"/><path d="${BOOKMARK}" fill="${TEAL}"/></g>
<text x="340" y="250" font-family="Literata" font-weight="700" font-size="110" fill="${PAPER}">Nebab</text>
<text x="340" y="370" font-family="Noto Sans Ethiopic" font-weight="700" font-size="96" fill="#e2b867">ንባብ</text>
<text x="100" y="520" font-family="Literata" font-size="36" fill="${PAPER}">Discover books and fellow readers — in English and Amharic</text>
</svg>`;

const files: Array<[string, string, number]> = [
  ['icons/icon-192.png', icon({ rounded: false, scale: 1 }), 192],
  ['icons/icon-512.png', icon({ rounded: false, scale: 1 }), 512],
  ['icons/maskable-512.png', icon({ rounded: false, scale: 0.7 }), 512],
  ['icons/apple-touch-icon.png', icon({ rounded: false, scale: 0.85 }), 180],
  ['og-image.png', OG, 1200],
];
for (const [file, svg, width] of files) {
  writeFileSync(path.join(publicDir, file), await svgToPng(svg, width));
  console.log(`wrote apps/web/public/${file}`);
}
writeFileSync(path.join(publicDir, 'favicon.svg'), `${icon({ rounded: true, scale: 1 })}\n`);
console.log('wrote apps/web/public/favicon.svg');
