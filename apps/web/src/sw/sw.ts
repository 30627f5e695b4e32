/**
 * Nebab's service worker (built to /sw.js). Offline, the app shell opens and the signed-in reader sees
 * their last-seen reading list:
 * - the shell (`/shell.html`, the page without server rendering) and the built JS and CSS are cached
 *   at install; other hashed assets (fonts, lazy chunks) are cached the first time they load;
 * - page navigations go to the network; offline they get the cached shell, and the client renders;
 * - the reader's session, preferences and reading list (`/api/auth/me`, `/api/preferences`,
 *   `/api/reading-list`) go to the network, and each answer is kept under a hash of the token that
 *   asked for it, so offline the same session gets its own last answer and no other session does;
 *   signing out clears them.
 * It imports nothing: the build injects the list of files to precache and a version.
 */
declare const self: ServiceWorkerGlobalScope;
// A module, so `self` above is this file's own declaration.
export {};

/** Replaced at build time (vite.config.ts). */
const PRECACHE: string[] = JSON.parse('__NEBAB_PRECACHE__') as string[];
const VERSION = '__NEBAB_VERSION__';

const SHELL = '/shell.html';
const STATIC_CACHE = `nebab-static-${VERSION}`;
const READER_CACHE = 'nebab-reader';
const READER_PATHS = new Set(['/api/auth/me', '/api/preferences', '/api/reading-list']);
const CLEAR_READER_CACHE = 'nebab:clear-reader-cache';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE);
      await cache.addAll([SHELL, ...PRECACHE]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('nebab-static-') && name !== STATIC_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === CLEAR_READER_CACHE) {
    event.waitUntil(caches.delete(READER_CACHE));
  }
});

async function tokenKey(request: Request): Promise<string | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  return `${url.origin}${url.pathname}?session=${hex}`;
}

async function readerAnswer(request: Request): Promise<Response> {
  const key = await tokenKey(request);
  try {
    const response = await fetch(request);
    if (key && response.ok) {
      const cache = await caches.open(READER_CACHE);
      await cache.put(key, response.clone());
    } else if (key && (response.status === 401 || response.status === 403)) {
      await caches.delete(READER_CACHE);
    }
    return response;
  } catch (error) {
    const cached = key ? await (await caches.open(READER_CACHE)).match(key) : undefined;
    if (cached) return cached;
    throw error;
  }
}

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(STATIC_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (READER_PATHS.has(url.pathname)) event.respondWith(readerAnswer(request));
});
