import { useEffect } from 'react';

/** Sets the document title to "{title} · Nebab". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Nebab` : 'Nebab · ንባብ';
  }, [title]);
}
