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
    replayEarlyInput();
    acceptInput();
  }, []);
  return null;
}

declare global {
  interface Window {
    /** The fields typed into before the page hydrated, noted by the document's start-up script. */
    __nebabEarlyInput?: () => EventTarget[];
  }
}

/** Fields whose text React tracks through `value` (checkboxes and files are not typed into). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);

/**
 * What a reader typed (or a password manager filled in) on the server's markup before React listened:
 * hydration leaves it on screen, but the components' state still holds the server's value, so their
 * next render would wipe it and a submit would not see it. Each field the start-up script saw change
 * now sends React the event it missed: `input` for text (told apart from the server's value through
 * the element's own setter, which React's value tracker watches, and the prototype's, which it does
 * not), `change` for a select.
 */
export function replayEarlyInput(): void {
  const fields = [...new Set(window.__nebabEarlyInput?.() ?? [])]
    .filter(
      (field): field is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        (field instanceof HTMLInputElement && TEXT_TYPES.has(field.type)) ||
        field instanceof HTMLTextAreaElement ||
        (field instanceof HTMLSelectElement && !field.multiple),
    )
    .filter((field) => field.isConnected)
    // Read every value first: each event re-renders, and a re-render puts the state's value back
    // into the fields not replayed yet.
    .map((field) => ({ field, value: field.value }));
  for (const { field, value } of fields) {
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    field.value = field.defaultValue;
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * The document's inline start-up script marks the page `data-hydrating`, under which buttons and
 * fields take no clicks (styles/index.css) — a click on the server's markup before React listens
 * would be lost. Lifted once the page hydrated, or at once for a page the client renders itself.
 */
export function acceptInput(): void {
  document.documentElement.removeAttribute('data-hydrating');
  // A page the client renders itself has nothing to replay: the start-up script stops taking notes.
  window.__nebabEarlyInput?.();
}
