import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { READER_OPEN, READER_PARAM } from './readerSource';

interface ReaderState {
  readerPushed?: boolean;
}

/**
 * The reader's open state lives in the address (`?reader=open`): opening pushes a history entry, so
 * the browser's Back button (popstate) closes it; closing with the button goes back over that entry
 * (or, when the page was opened with the parameter, replaces it) so history stays clean.
 */
export function useReaderHistory(enabled: boolean) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isOpen = enabled && params.get(READER_PARAM) === READER_OPEN;

  const open = useCallback(() => {
    const next = new URLSearchParams(location.search);
    next.set(READER_PARAM, READER_OPEN);
    void navigate(
      { pathname: location.pathname, search: `?${next}`, hash: location.hash },
      { state: { ...(location.state as object | null), readerPushed: true } satisfies ReaderState },
    );
  }, [location, navigate]);

  const close = useCallback(() => {
    if ((location.state as ReaderState | null)?.readerPushed) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(location.search);
    next.delete(READER_PARAM);
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location, navigate]);

  return { isOpen, open, close };
}
