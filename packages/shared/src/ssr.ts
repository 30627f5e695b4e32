import type { Language } from './i18n.js';

/**
 * The contract between the server and the client's server-rendering entry (`apps/web/src/entry-server.tsx`,
 * built to `apps/web/dist-ssr/entry-server.js`). The server owns the `<head>` (title, canonical, Open
 * Graph, JSON-LD) and the status; the entry renders the React page's body with the data the browser
 * would fetch, read in-process through `api`.
 */
export interface SsrInput {
  /** Path and query of the page, e.g. `/book/1?lang=am`. */
  url: string;
  language: Language;
  /** `PUBLIC_URL` (scheme, host, port), for absolute links the page shows. */
  origin: string;
  /** A GET on the API in-process: its status and parsed JSON body. */
  api: (path: string) => Promise<{ status: number; body: unknown }>;
}

/** What the entry did with a page. */
export type SsrOutput =
  /** Rendered: the markup of `#root`, the state the client hydrates from, 404 when the route is unknown. */
  | { kind: 'page'; html: string; state: SsrState; status: 200 | 404 }
  /** Not rendered on the server (signed-in screens): the page shell, the client renders it. */
  | { kind: 'shell' };

/** Embedded in the page as `<script id="nebab-state" type="application/json">`. */
export interface SsrState {
  language: Language;
  /** The language came from `?lang=` (shown for this visit, not remembered as the reader's choice). */
  explicitLanguage: boolean;
  /** `PUBLIC_URL`: the origin of the site's own links (share links name it). */
  origin: string;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
}

/** The id of the state script. */
export const SSR_STATE_ID = 'nebab-state';

/** Cookie mirroring the reader's interface language, so the server renders pages in it. */
export const LANGUAGE_COOKIE = 'NR_lang';
