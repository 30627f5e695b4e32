import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** The action is running: the buttons are disabled. */
  pending?: boolean;
  /** Destructive actions get the danger colour. */
  tone?: 'danger' | 'default';
}

/**
 * Asks before an admin action (suspend, delete…). An alert dialog: focus starts on Cancel, Escape
 * cancels, and focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  tone = 'default',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it (it may have changed its label, e.g. Suspend → Activate).
            const opener = openerRef.current;
            openerRef.current = null;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl"
        >
          <AlertDialog.Title className="text-xl font-semibold [overflow-wrap:anywhere]">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted [overflow-wrap:anywhere]">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={pending}>
              {t('common.cancel')}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={
                tone === 'danger'
                  ? 'btn border border-danger bg-danger text-paper hover:opacity-90'
                  : 'btn btn-primary'
              }
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
