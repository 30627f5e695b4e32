import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  testId?: string;
  /**
   * Where focus goes on closing: by default back to the control that opened the dialog; call
   * `event.preventDefault()` to move it elsewhere (e.g. to what the dialog created).
   */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/**
 * The modal frame of a form dialog (Create Book Club, club settings, a book list, suggest or add a
 * book): title, close button, description, content. It opens with focus on the first field of its
 * form (else Radix's first focusable, the Close button) and, closed, returns focus to the control
 * that opened it.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  testId,
  onCloseAutoFocus,
  children,
}: ModalDialogProps) {
  const { t } = useTranslation();
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            // Radix returns focus only to a Dialog.Trigger; these dialogs are opened by other buttons.
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // A form opens on its first field, not on the Close button before it.
            const root = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
            const field = root?.querySelector<HTMLElement>(
              'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])',
            );
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            openerRef.current = null;
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented || !opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(36rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-5 text-ink shadow-2xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold [overflow-wrap:anywhere]">{title}</Dialog.Title>
            <Dialog.Close className="icon-button -m-1 size-9 shrink-0" aria-label={t('common.close')}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
