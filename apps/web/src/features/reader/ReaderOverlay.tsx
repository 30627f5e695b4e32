import { Dialog } from 'radix-ui';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { DriveFrame } from './DriveFrame';
import type { ReaderSource } from './readerSource';
import { useBodyScrollLock } from './useBodyScrollLock';

// PDF.js is loaded only when a PDF is opened (its own chunk).
const PdfViewer = lazy(() => import('./PdfViewer'));

interface ReaderOverlayProps {
  title: string;
  source: ReaderSource;
  onClose: () => void;
}

/**
 * Spec §2 Reader overlay: a full-screen dialog with a title bar, fullscreen toggle and close. Escape
 * closes it, focus stays inside and returns to the opener, and the page does not scroll behind it.
 */
export function ReaderOverlay({ title, source, onClose }: ReaderOverlayProps) {
  const { t } = useTranslation();
  const overlayRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // The element that opened the reader gets focus back when it closes (there is no Dialog.Trigger).
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useBodyScrollLock();

  useEffect(() => {
    const sync = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  const toggleFullscreen = useCallback(() => {
    const element = overlayRef.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.requestFullscreen?.().catch(() => undefined);
  }, []);

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled !== false;
  const openUrl =
    source.type === 'drive' ? source.url : `/api/books/${encodeURIComponent(source.bookId)}/file`;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Content
          ref={overlayRef}
          aria-modal="true"
          aria-describedby={undefined}
          data-testid="reader-overlay"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-paper text-ink"
        >
          <div className="flex items-center gap-2 border-b border-line bg-surface px-3 py-2 sm:px-4">
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
              {title}
            </Dialog.Title>
            {canFullscreen ? (
              <button
                type="button"
                className="btn btn-ghost min-h-10 px-3 text-sm"
                aria-pressed={fullscreen}
                onClick={toggleFullscreen}
              >
                {fullscreen ? t('reader.exitFullscreen') : t('reader.fullscreen')}
              </button>
            ) : null}
            <Dialog.Close className="icon-button size-10" aria-label={t('reader.close')}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div className="relative min-h-0 flex-1">
            {source.type === 'drive' ? (
              <DriveFrame fileId={source.fileId} title={title} openUrl={openUrl} onClose={onClose} />
            ) : (
              <Suspense
                fallback={
                  <div className="flex h-full items-center justify-center">
                    <Spinner label={t('reader.loading')} className="size-10" />
                  </div>
                }
              >
                <PdfViewer bookId={source.bookId} openUrl={openUrl} onClose={onClose} />
              </Suspense>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
