import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAnnounce } from '../../components/announcer';

/**
 * After a client-side move to another page (not the first load, not a change of only the query or the
 * hash: filters keep the focus on the control the reader used), moves the focus to the new page's `h1`
 * and says the page's title (document.title, set by usePageTitle) politely. A page still loading its
 * `h1` is watched until it renders it. The scroll position is the router's (<ScrollRestoration>): the
 * focus does not scroll.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const announce = useAnnounce();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main-content');
    if (!main) return;
    let frame = 0;

    const arrive = (heading: HTMLElement, titleReady: boolean) => {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      // Effects of this commit (the page's title among them) have run when the h1 was already there;
      // an h1 rendered later comes with its page's data, whose title effect runs right after its commit.
      if (titleReady) announce(document.title);
      else frame = window.requestAnimationFrame(() => announce(document.title));
    };

    const present = main.querySelector('h1');
    if (present) {
      arrive(present, true);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = main.querySelector('h1');
      if (!heading) return;
      observer.disconnect();
      arrive(heading, false);
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
    };
  }, [pathname, announce]);

  return null;
}
