import { useEffect } from 'react';

/** Locks the page's scrolling while mounted and restores the previous value afterwards. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, []);
}
