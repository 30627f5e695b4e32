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

/** Fields whose text React tracks through `value` (files are not typed into). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);

type EarlyField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isChoice = (field: EarlyField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * What a reader typed, picked or ticked (or a password manager filled in) on the server's markup
 * before React listened: hydration leaves it on screen, but the components' state still holds the
 * server's value, so their next render would wipe it and a submit would not see it. Each field the
 * start-up script saw change now sends React the event it missed:
 * - text: `input`, told apart from the server's value through the element's own setter, which
 *   React's value tracker watches, and the prototype's, which it does not;
 * - a checkbox or radio that is not as the server rendered it (a box ticked and unticked again, or
 *   a radio whose group moved on, is left alone): `click` the same way, through `checked` (a plain
 *   event, not a mouse click, so the browser does not toggle it again);
 * - a select: `change`.
 */
export function replayEarlyInput(): void {
  const fields = [...new Set(window.__nebabEarlyInput?.() ?? [])]
    .filter(
      (field): field is EarlyField =>
        (field instanceof HTMLInputElement && (TEXT_TYPES.has(field.type) || isChoice(field))) ||
        field instanceof HTMLTextAreaElement ||
        (field instanceof HTMLSelectElement && !field.multiple),
    )
    .filter((field) => field.isConnected)
    // Read every value first: each event re-renders, and a re-render puts the state's value back
    // into the fields not replayed yet.
    .map((field) => ({ field, value: field.value, checked: isChoice(field) && field.checked }));
  for (const { field, value, checked } of fields) {
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const prototype = Object.getPrototypeOf(field) as object;
    if (isChoice(field)) {
      if (checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      Object.getOwnPropertyDescriptor(prototype, 'checked')?.set?.call(field, checked);
      field.dispatchEvent(new Event('click', { bubbles: true }));
      continue;
    }
    field.value = field.defaultValue;
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
