import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../components/announcer';
import { CloseIcon } from '../../components/icons';
import { ToastContext, type ToastApi, type ToastInput, type ToastKind } from './toastContext';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

const DEFAULT_DURATION: Record<ToastKind, number> = { success: 4000, info: 4000, error: 7000 };

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-l-success',
  info: 'border-l-accent',
  error: 'border-l-danger',
};

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration, onDismiss]);

  return (
    <div
      data-testid="toast"
      data-kind={item.kind}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-line border-l-4 bg-surface p-3 text-sm text-ink shadow-lg ${KIND_CLASSES[item.kind]}`}
    >
      <p className="flex-1 leading-snug">{item.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        className="icon-button -m-1 size-8 shrink-0"
        aria-label={t('toast.dismiss')}
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/**
 * Holds the toasts and renders them in a fixed region at the bottom of the screen; each is announced
 * through the app's live regions (`useAnnounce`): errors assertively, the others politely.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const announce = useAnnounce();

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      const kind = input.kind ?? 'info';
      const id = nextId.current++;
      setItems((current) => [
        ...current.slice(-3),
        { id, kind, message: input.message, duration: input.duration ?? DEFAULT_DURATION[kind] },
      ]);
      // Said through the live regions that were there from the start: a toast arrives holding its text,
      // which screen readers often skip.
      announce(input.message, { assertive: kind === 'error' });
    },
    [announce],
  );

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={t('toast.region')}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {items.map((item) => (
          <div key={item.id} className="w-full max-w-sm">
            <Toast item={item} onDismiss={dismiss} />
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
