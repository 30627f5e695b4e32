import { Dialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELLERS, type SellerId } from '@nebab/shared';
import { CloseIcon } from '../../components/icons';

export interface Isbn {
  type: 'ISBN_13' | 'ISBN_10';
  identifier: string;
}

interface BuyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isbns: readonly Isbn[];
}

const SELLER_IDS = Object.keys(SELLERS) as SellerId[];

/**
 * Spec §2 Buy dialog: pick an ISBN (previous/next), a seller (radio group), then 'Visit {seller}'
 * opens the seller's search by ISBN in a new tab.
 */
export function BuyDialog({ open, onOpenChange, isbns }: BuyDialogProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [seller, setSeller] = useState<SellerId | null>(null);
  const groupId = useId();
  const openerRef = useRef<HTMLElement | null>(null);
  const current = isbns[Math.min(index, isbns.length - 1)];
  const single = isbns.length <= 1;

  function change(next: boolean) {
    if (!next) {
      setSeller(null);
      setIndex(0);
    }
    onOpenChange(next);
  }

  function visit() {
    if (!seller || !current) return;
    window.open(SELLERS[seller].url(current.identifier), '_blank', 'noopener,noreferrer');
    change(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-testid="buy-dialog"
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            // Focus goes back to the Buy Book button that opened the dialog.
            event.preventDefault();
            openerRef.current?.focus();
            openerRef.current = null;
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">{t('buy.title')}</Dialog.Title>
            <Dialog.Close className="icon-button -m-1 size-9 shrink-0" aria-label={t('buy.close')}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {t('buy.description')}
          </Dialog.Description>

          {current ? (
            <div className="mt-5 flex items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 p-3">
              <button
                type="button"
                className="btn btn-secondary min-h-10 px-3"
                onClick={() => setIndex((i) => Math.max(0, i - 1))}
                disabled={single || index === 0}
                aria-label={t('buy.previousIsbn')}
              >
                ‹
              </button>
              <p className="text-center" aria-live="polite" data-testid="buy-isbn">
                <span className="block text-xs font-semibold tracking-wide text-ink-muted uppercase">
                  {current.type === 'ISBN_13' ? 'ISBN-13' : 'ISBN-10'}
                  {single ? null : ` · ${t('buy.isbnOf', { current: index + 1, total: isbns.length })}`}
                </span>
                <span className="font-mono text-lg">{current.identifier}</span>
              </p>
              <button
                type="button"
                className="btn btn-secondary min-h-10 px-3"
                onClick={() => setIndex((i) => Math.min(isbns.length - 1, i + 1))}
                disabled={single || index >= isbns.length - 1}
                aria-label={t('buy.nextIsbn')}
              >
                ›
              </button>
            </div>
          ) : null}

          <fieldset className="mt-5">
            <legend className="field-label">{t('buy.sellers')}</legend>
            <div className="mt-1 grid gap-2">
              {SELLER_IDS.map((id) => (
                <label key={id} className="chip justify-start rounded-lg">
                  <input
                    type="radio"
                    name={`${groupId}-seller`}
                    value={id}
                    checked={seller === id}
                    onChange={() => setSeller(id)}
                    className="size-4 accent-[var(--color-accent)]"
                  />
                  {SELLERS[id].name}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className="btn btn-secondary">{t('buy.cancel')}</Dialog.Close>
            <button type="button" className="btn btn-primary" disabled={!seller || !current} onClick={visit}>
              {seller ? t('buy.visit', { seller: SELLERS[seller].name }) : t('buy.visitNone')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
