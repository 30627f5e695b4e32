import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { isHydrating } from '../../lib/hydration';

/** Visible share of a section that starts its entrance animation. */
export const REVEAL_THRESHOLD = 0.3;

/**
 * Wraps a landing section so it animates in ONCE when 30% of it is visible. Without
 * IntersectionObserver, or under prefers-reduced-motion, it is shown at once without animation.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  // On the server (no IntersectionObserver) and while hydrating its markup the section is shown at once:
  // it is already on screen, and must read without JavaScript.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined' || isHydrating());

  useEffect(() => {
    const node = ref.current;
    if (seen || reduced || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen, reduced]);

  return (
    <div
      ref={ref}
      className={`offscreen-lazy${reduced ? '' : ` reveal${seen ? ' is-visible' : ''}`}`}
      data-revealed={seen || reduced}
    >
      {children}
    </div>
  );
}
