/** Message the page sends the service worker when the reader signs out: forget their offline copies. */
export const CLEAR_READER_CACHE = 'nebab:clear-reader-cache';

/**
 * Registers the service worker (`/sw.js`, built from src/sw/sw.ts) after the page has loaded, in
 * production builds only: it keeps the app shell and the reader's last-seen reading list for offline use.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  // The app's script may run after the page's load event (it is added after the first paint).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Asks the service worker to drop the signed-in reader's offline copies (sign-out, session ended). */
export function clearReaderCache(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: CLEAR_READER_CACHE });
}
