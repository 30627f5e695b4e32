import { useEffect } from 'react';

let hydrating = false;

/**
 * True while React hydrates the server-rendered page. Components whose first render would read the
 * browser (stored token, stored theme, animation state) render what the server rendered instead, then
 * catch up in an effect, so hydration matches the server markup and nothing flashes.
 */
export function isHydrating(): boolean {
  return hydrating;
}

/** Called by main.tsx right before `hydrateRoot`. */
export function startHydration(): void {
  hydrating = true;
}

/** Ends the hydration phase once the first commit is done (effects run after the whole tree committed). */
export function HydrationDone() {
  useEffect(() => {
    hydrating = false;
    acceptInput();
  }, []);
  return null;
}

/**
 * The document's inline start-up script marks the page `data-hydrating`, under which buttons and
 * fields take no clicks (styles/index.css) — a click on the server's markup before React listens
 * would be lost. Lifted once the page hydrated, or at once for a page the client renders itself.
 */
export function acceptInput(): void {
  document.documentElement.removeAttribute('data-hydrating');
}
