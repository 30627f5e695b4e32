import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGES, type Language, type SsrOutput } from '@nebab/shared';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../lib/cookies.js';
import { acceptedEncoding, CompressedDocument } from './pages.compressed.js';
import type { PageTemplate } from './pages.document.js';
import { matchPage } from './pages.match.js';
import { robotsTxt, sitemapFile, sitemapIndex } from './pages.sitemap.js';
import { loadSsrEntry } from './pages.ssr.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET of a page of the client with its HTML document (see docs/ARCHITECTURE.md, Pages). */
    renderPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/** Longest a server render may take before the page goes out as a shell the client renders. */
const SSR_TIMEOUT_MS = 3000;
/**
 * Rendered documents are kept this long per address and language, so a page shared widely (or crawled)
 * is rendered once every few seconds, not once per visitor. Page requests carry no session, so every
 * visitor gets the same document; signed-in readers refetch their own view after hydration.
 */
const PAGE_CACHE_MS = 10_000;
/**
 * A document past PAGE_CACHE_MS still goes out while its next render runs (one, in the background),
 * up to this age; an older one (a page nobody asked for in a minute) waits for its render. Readers
 * never wait for a popular page's render: under bench:load every reader who asked for the landing
 * page while it was rendered again (every 10 s on each node) waited 100–250 ms — its p99.
 */
const PAGE_STALE_MS = 60_000;
const PAGE_CACHE_MAX = 500;
/**
 * Landing pages a production node renders (each language in turn) once it listens, unseen: the render
 * thread's code starts cold (here 170 ms for the first landing page, 60 for the second, 25 once warm),
 * and its first readers and first cache expiries would pay for it.
 */
const WARM_UP_RENDERS = 12;

const isLanguageValue = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a page: `?lang=` (each language version has its own address), else the reader's
 * choice remembered in the `NR_lang` cookie, else the site's default language.
 */
function pageLanguage(request: FastifyRequest, query: URLSearchParams, siteDefault: Language) {
  const asked = query.get('lang');
  if (isLanguageValue(asked)) return { language: asked, explicit: true };
  const remembered = readCookie(request.headers.cookie, LANGUAGE_COOKIE);
  return { language: isLanguageValue(remembered) ? remembered : siteDefault, explicit: false };
}

/**
 * Public pages as real HTML: every GET the client's router answers gets the built `index.html` with the
 * page's head (title, description, canonical, hreflang, Open Graph, Twitter, JSON-LD), its status
 * (404 for unknown books, authors, clubs and paths, private clubs) and, when the server-rendering entry
 * is built, the page's markup and the data the client hydrates from. Also /sitemap.xml and /robots.txt.
 */
export const pagesPlugin = fp<{ webDist: string; template: PageTemplate }>(
  async (app, { webDist, template }) => {
    const ssr = await loadSsrEntry(webDist, (error) =>
      app.log.error({ err: error }, 'pages: the render thread failed; it starts again on the next render'),
    );
    let closing = false;
    if (!ssr)
      app.log.info('pages: no server-rendering entry built; pages are served as shells with their heads');
    else
      app.addHook('onClose', () => {
        closing = true;
        return ssr.close();
      });
    const pages = app.services.pages;
    if (ssr && process.env.NODE_ENV === 'production')
      app.addHook('onListen', async () => {
        // Not awaited: the node serves meanwhile.
        void (async () => {
          for (let i = 0; i < WARM_UP_RENDERS && !closing; i += 1)
            for (const language of LANGUAGES) if (!closing) await serverRender('/', language);
        })();
      });

    async function serverRender(url: string, language: Language): Promise<SsrOutput | null> {
      if (!ssr) return null;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          ssr.render({
            url,
            language,
            origin: app.config.publicUrl,
            api: async (path) => {
              const response = await app.inject({
                method: 'GET',
                url: path,
                headers: { 'accept-language': language, 'x-nebab-ssr': '1' },
              });
              let body: unknown;
              try {
                body = response.body ? JSON.parse(response.body) : undefined;
              } catch {
                body = undefined;
              }
              return { status: response.statusCode, body };
            },
          }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), SSR_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        app.log.warn({ err: error, url }, 'pages: server render failed; sending the shell');
        return null;
      } finally {
        clearTimeout(timer);
      }
    }

    const cache = new Map<string, { at: number; status: number; document: CompressedDocument }>();
    // A book checked or merged shows in search and on its page at once on this node, not a render later.
    const stopForgetting = app.services.events.on('catalogue.changed', () => cache.clear());
    app.addHook('onClose', async () => stopForgetting());
    /**
     * Never served from the cache: profiles and lists follow their owner's privacy at once, and the
     * clubs' pages (discussions, members, events) are conversations a visitor must see as they are.
     */
    const UNCACHED = /^\/(reader\/|list\/|group\/|community\/)/i;

    /**
     * Sends a document: one from the cache goes out compressed once for all its readers (the
     * compression plugin passes an answer that has its encoding); others compress on the way out.
     */
    async function send(
      request: FastifyRequest,
      reply: FastifyReply,
      language: Language,
      status: number,
      document: CompressedDocument | string,
    ) {
      reply
        .code(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .header('content-language', language)
        .type('text/html; charset=utf-8');
      if (typeof document === 'string') return reply.send(document);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const body = encoding ? document.body(encoding) : null;
      if (!encoding || !body) return reply.send(document.html);
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'Cookie, Accept-Encoding')
        .send(await body);
    }

    /**
     * Builds a page's document (status and HTML), or a redirect. Renders of one address and language that
     * overlap share one render: when a cached landing page expires under load, the readers asking for it
     * meanwhile wait for the same render instead of each starting their own (every render holds the
     * node's event loop for its markup).
     */
    async function buildPage(
      pathname: string,
      search: string,
      searchParams: URLSearchParams,
      language: Language,
      explicit: boolean,
    ): Promise<{ redirect: string } | { status: number; html: string }> {
      let outcome = await pages.describe(matchPage(pathname, searchParams), language);
      if (outcome.kind === 'redirect') return { redirect: outcome.location };

      const rendered = await serverRender(`${pathname}${search}`, language);
      // The client's router does not know the path either: the not-found page with a 404.
      if (rendered?.kind === 'page' && rendered.status === 404 && outcome.status === 200) {
        outcome = await pages.describe({ kind: 'notFound' }, language);
        if (outcome.kind === 'redirect') return { redirect: outcome.location };
      }
      const page = rendered?.kind === 'page' ? rendered : null;
      const html = template.render({
        language,
        head: outcome.head,
        html: page?.html,
        state: page ? { ...page.state, explicitLanguage: explicit } : undefined,
      });
      return { status: outcome.status, html };
    }
    const inFlight = new Map<
      string,
      Promise<{ redirect: string } | { status: number; document: CompressedDocument }>
    >();

    app.decorate('renderPage', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://page.invalid');
      const { language, explicit } = pageLanguage(request, url.searchParams, await pages.defaultLanguage());
      const key = `${language}|${url.pathname}${url.search}`;
      if (UNCACHED.test(url.pathname)) {
        const built = await buildPage(url.pathname, url.search, url.searchParams, language, explicit);
        if ('redirect' in built) return reply.redirect(built.redirect, 301);
        return send(request, reply, language, built.status, built.html);
      }
      const cached = cache.get(key);
      const age = cached ? Date.now() - cached.at : Infinity;
      if (cached && age < PAGE_CACHE_MS)
        return send(request, reply, language, cached.status, cached.document);

      let pending = inFlight.get(key);
      if (!pending) {
        pending = buildPage(url.pathname, url.search, url.searchParams, language, explicit).then((built) =>
          'html' in built ? { status: built.status, document: new CompressedDocument(built.html) } : built,
        );
        inFlight.set(key, pending);
        pending
          .then((built) => {
            cache.delete(key);
            if ('document' in built) {
              cache.set(key, { at: Date.now(), ...built });
              if (cache.size > PAGE_CACHE_MAX) cache.delete(cache.keys().next().value!);
            }
          })
          .catch(() => undefined)
          .finally(() => inFlight.delete(key));
      }
      if (cached && age < PAGE_STALE_MS)
        return send(request, reply, language, cached.status, cached.document);
      const built = await pending;
      if ('redirect' in built) return reply.redirect(built.redirect, 301);
      return send(request, reply, language, built.status, built.document);
    });

    // The landing page is not a file (the static files' plugin would answer the folder with a 403).
    app.get('/', { schema: { hide: true } }, (request, reply) => app.renderPage(request, reply));

    // The page without server rendering, for the service worker to open offline (any path renders).
    app.get('/shell.html', { schema: { hide: true } }, async (_request, reply) => {
      const language = await pages.defaultLanguage();
      const outcome = await pages.describe({ kind: 'app' }, language);
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(template.render({ language, head: outcome.head }));
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(await pages.urls())),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(await sitemapIndex(pages.sitemap, await pages.urls())),
    );

    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/sitemaps/:file',
        { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
        async (request, reply) => {
          const xml = await sitemapFile(
            pages.sitemap,
            await pages.urls(),
            await pages.defaultLanguage(),
            request.params.file,
          );
          if (!xml) return app.renderPage(request, reply);
          return reply
            .header('cache-control', 'public, max-age=3600')
            .type('application/xml; charset=utf-8')
            .send(xml);
        },
      );
  },
  { name: 'pages', dependencies: ['services'] },
);
