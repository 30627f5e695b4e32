import type { ReadAction, BuyAction } from '@nebab/shared';
import { useTranslation } from 'react-i18next';
import { BookOpenIcon } from '../../components/icons';

/**
 * Read Book / Preview Book and Buy Book as decided by `bookActions` (spec §4 Viewability): an outside
 * link opens in a new tab, the in-app reader opens the overlay, and the two disabled notices show.
 */
export function ReadBuyButtons({
  read,
  buy,
  onOpenReader,
  onOpenBuy,
}: {
  read: ReadAction;
  buy: BuyAction;
  onOpenReader: () => void;
  onOpenBuy: () => void;
}) {
  const { t } = useTranslation();
  const readLabel = read.kind !== 'none' && read.label === 'preview' ? t('book.preview') : t('book.read');
  return (
    <>
      {read.kind === 'external' ? (
        <a className="btn btn-primary" href={read.url} target="_blank" rel="noopener noreferrer">
          <BookOpenIcon className="size-4" />
          {readLabel}
          <span className="sr-only"> {t('book.opensInNewTab')}</span>
        </a>
      ) : read.kind === 'reader' ? (
        <button type="button" className="btn btn-primary" onClick={onOpenReader} aria-haspopup="dialog">
          <BookOpenIcon className="size-4" />
          {readLabel}
        </button>
      ) : null}
      {buy.kind === 'buy' ? (
        <button type="button" className="btn btn-secondary" onClick={onOpenBuy} aria-haspopup="dialog">
          {t('book.buy')}
        </button>
      ) : buy.kind === 'notForSale' ? (
        <button type="button" className="btn btn-secondary" disabled>
          {t('book.notForSale')}
        </button>
      ) : buy.kind === 'unavailable' ? (
        <button type="button" className="btn btn-secondary" disabled>
          {t('book.unavailable')}
        </button>
      ) : null}
    </>
  );
}
