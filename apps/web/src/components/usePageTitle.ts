import { useEffect } from 'react';
import { isHydrating } from '../lib/hydration';

/**
 * Sets the document title to "{title} · Nebab". A server-rendered page keeps the server's title (it names
 * the author too) until the reader moves on.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    if (isHydrating()) return;
    document.title = title ? `${title} · Nebab` : 'Nebab · ንባብ';
  }, [title]);
}
