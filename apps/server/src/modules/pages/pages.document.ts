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
}

const HEAD = /<!--head-->[\s\S]*?<!--\/head-->/;

export function loadTemplate(webDist: string): PageTemplate {
  const source = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const hasHeadMarker = HEAD.test(source);
  return {
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
