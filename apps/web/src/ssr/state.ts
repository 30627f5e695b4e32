import { SSR_STATE_ID, type SsrState } from '@nebab/shared';

let cached: SsrState | null | undefined;

/**
 * The state the server rendered this page with (`<script id="nebab-state">`), or null when the page
 * came as a shell (signed-in screens, the dev server, an offline start from the service worker).
 */
export function serverState(): SsrState | null {
  if (cached !== undefined) return cached;
  cached = null;
  if (typeof document === 'undefined') return cached;
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return cached;
  try {
    cached = JSON.parse(script.textContent) as SsrState;
  } catch {
    cached = null;
  }
  return cached;
}
