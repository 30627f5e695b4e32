import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SSR_STATE_ID, type Language, type SsrState } from '@nebab/shared';
import { renderHead, scriptJson, type PageHead } from './pages.head.js';

/**
 * The built client's `index.html` as a template. Its markers (see apps/web/index.html) say where the
 * page's head (`<!--head-->…<!--/head-->`, replacing the shell's default title and description), the
 * rendered markup (`<!--app-->` inside `#root`) and the hydration state (`<!--state-->`) go.
 */
export interface PageTemplate {
  render(page: { language: Language; head: PageHead; html?: string; state?: SsrState }): string;
  /** The document as every page starts from (its inline scripts are allowed by hash in the CSP). */
  source: string;
}

const HEAD = /<!--head-->[\s\S]*?<!--\/head-->/;

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The built client's stylesheets written into the page (`<style>`): the first paint then needs the
 * document alone, not a second round trip (the CSS is ~18 kB compressed; the CSP allows inline styles).
 */
function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(STYLESHEET, (tag, href: string) => {
    try {
      const css = readFileSync(path.join(webDist, href), 'utf8');
      return css.includes('</style') ? tag : `<style>${css}</style>`;
    } catch {
      return tag;
    }
  });
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * The client's JavaScript starts loading right after the first paint instead of competing with the
 * document, styles and fonts for the first bytes: a server-rendered page is readable before any
 * script runs, and hydrates a moment later. A small inline script (allowed by its hash in the CSP)
 * adds the entry and its preloads after the next frame (or after a second, should frames not come).
 */
function deferEntryScript(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  // Until the page has hydrated, its buttons and fields take no clicks (styles/index.css): a click on
  // the server's markup would otherwise be lost. The client lifts it (at the latest after 15 s). Fields
  // typed into (or filled by a password manager) meanwhile are noted, for the client to tell React of
  // them once it listens (`window.__nebabEarlyInput`, lib/hydration.ts in the web app).
  const bootstrap =
    `(function(){var h=document.documentElement;h.setAttribute('data-hydrating','');` +
    `setTimeout(function(){h.removeAttribute('data-hydrating')},15000);` +
    `var t=[];function n(e){t.push(e.target)}document.addEventListener('input',n,true);document.addEventListener('change',n,true);` +
    `window.__nebabEarlyInput=function(){document.removeEventListener('input',n,true);document.removeEventListener('change',n,true);return t};` +
    `var d=false;function l(){if(d)return;d=true;` +
    `${JSON.stringify(preloads)}.forEach(function(h){var p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=h;document.head.appendChild(p)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(l,0)});setTimeout(l,1000)})()`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `<script>${bootstrap}</script>\n  </body>`);
}

export function loadTemplate(webDist: string): PageTemplate {
  const source = deferEntryScript(
    inlineStylesheets(readFileSync(path.join(webDist, 'index.html'), 'utf8'), webDist),
  );
  const hasHeadMarker = HEAD.test(source);
  return {
    source,
    render({ language, head, html, state }) {
      const headTags = renderHead(head);
      let document = source.replace(/<html([^>]*)\blang="[^"]*"/, `<html$1lang="${language}"`);
      document = hasHeadMarker
        ? document.replace(HEAD, () => headTags)
        : document
            .replace(/<title>[\s\S]*?<\/title>/, '')
            .replace(/<meta\s+name="description"[^>]*>/, '')
            .replace('</head>', () => `${headTags}\n  </head>`);
      if (html) document = document.replace('<!--app-->', () => html);
      if (state) {
        const script = `<script id="${SSR_STATE_ID}" type="application/json">${scriptJson(state)}</script>`;
        document = document.includes('<!--state-->')
          ? document.replace('<!--state-->', () => script)
          : document.replace('</body>', () => `${script}</body>`);
      }
      return document;
    },
  };
}
