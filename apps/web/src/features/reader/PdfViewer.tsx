import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readToken } from '../../api/tokenStorage';
import { Spinner } from '../../components/Spinner';
import { ReaderError } from './ReaderError';

GlobalWorkerOptions.workerSrc = workerUrl;

const MIN_SCALE = 0.5;
const MAX_SCALE = 3;
const STEP = 0.25;

interface PageSize {
  width: number;
  height: number;
}

/**
 * An uploaded PDF rendered in the app with PDF.js: continuous scroll, each page drawn to a canvas
 * when it comes near the viewport, 'page n of N' and zoom. This module (and PDF.js) is its own chunk.
 */
export default function PdfViewer({
  bookId,
  openUrl,
  onClose,
}: {
  bookId: string;
  openUrl: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [baseSize, setBaseSize] = useState<PageSize | null>(null);
  const [failed, setFailed] = useState(false);
  const [scale, setScale] = useState(1);
  const [currentPage, setCurrentPage] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let loaded: PDFDocumentProxy | null = null;
    (async () => {
      const token = readToken();
      const response = await fetch(`/api/books/${encodeURIComponent(bookId)}/file`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      loaded = await getDocument({ data }).promise;
      const first = await loaded.getPage(1);
      const viewport = first.getViewport({ scale: 1 });
      if (controller.signal.aborted) return;
      setBaseSize({ width: viewport.width, height: viewport.height });
      setDoc(loaded);
    })().catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => {
      controller.abort();
      void loaded?.destroy();
    };
  }, [bookId]);

  // Fit the page to the width of the reader at first.
  useEffect(() => {
    if (!baseSize || !scrollRef.current) return;
    const available = scrollRef.current.clientWidth - 32;
    if (available > 0) setScale(Math.max(MIN_SCALE, Math.min(1.5, available / baseSize.width)));
  }, [baseSize]);

  const onVisible = useCallback((page: number) => setCurrentPage(page), []);

  if (failed) return <ReaderError openUrl={openUrl} onClose={onClose} />;
  if (!doc || !baseSize) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label={t('reader.loading')} className="size-10" />
      </div>
    );
  }

  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const pages = Array.from({ length: doc.numPages }, (_, i) => i + 1);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center justify-center gap-3 border-b border-line bg-surface-2 px-3 py-1.5 text-sm">
        <button
          type="button"
          className="btn btn-ghost min-h-9 px-3"
          onClick={() => setScale((s) => Math.max(MIN_SCALE, +(s - STEP).toFixed(2)))}
          disabled={scale <= MIN_SCALE}
          aria-label={t('reader.zoomOut')}
        >
          −
        </button>
        <span aria-live="polite" className="min-w-16 text-center tabular-nums">
          {Math.round(scale * 100)}%
        </span>
        <button
          type="button"
          className="btn btn-ghost min-h-9 px-3"
          onClick={() => setScale((s) => Math.min(MAX_SCALE, +(s + STEP).toFixed(2)))}
          disabled={scale >= MAX_SCALE}
          aria-label={t('reader.zoomIn')}
        >
          +
        </button>
        <span className="ms-4 tabular-nums" data-testid="pdf-page-indicator">
          {t('reader.pageOf', { current: number.format(currentPage), total: number.format(doc.numPages) })}
        </span>
      </div>
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-auto bg-surface-2 py-4"
        tabIndex={0}
        aria-label={t('reader.pages')}
      >
        {pages.map((page) => (
          <PdfPage
            key={page}
            doc={doc}
            page={page}
            scale={scale}
            size={baseSize}
            root={scrollRef}
            onVisible={onVisible}
            label={t('reader.pageLabel', { page: number.format(page) })}
          />
        ))}
      </div>
    </div>
  );
}

function PdfPage({
  doc,
  page,
  scale,
  size,
  root,
  onVisible,
  label,
}: {
  doc: PDFDocumentProxy;
  page: number;
  scale: number;
  size: PageSize;
  root: React.RefObject<HTMLDivElement | null>;
  onVisible: (page: number) => void;
  label: string;
}) {
  const holderRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const holder = holderRef.current;
    if (!holder) return;
    const loadObserver = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: root.current, rootMargin: '600px 0px' },
    );
    const pageObserver = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible(page);
      },
      { root: root.current, rootMargin: '-45% 0px -45% 0px' },
    );
    loadObserver.observe(holder);
    pageObserver.observe(holder);
    return () => {
      loadObserver.disconnect();
      pageObserver.disconnect();
    };
  }, [page, root, onVisible]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(page);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const viewport = pdfPage.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
      if (!cancelled) setRendered(true);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, doc, page, scale]);

  return (
    <div
      ref={holderRef}
      className="relative mx-auto mb-4 bg-white shadow-md"
      style={{ width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) }}
      data-testid={`pdf-page-${page}`}
      data-rendered={rendered ? 'true' : 'false'}
    >
      <canvas ref={canvasRef} role="img" aria-label={label} className="block" />
    </div>
  );
}
