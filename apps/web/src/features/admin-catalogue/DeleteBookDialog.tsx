import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminBookUsageQueryOptions } from '../../api/admin-catalogue/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface DeleteBookDialogProps {
  /** The book to delete; null closes the dialog. */
  book: { id: string; title: string } | null;
  onClose: () => void;
  onConfirm: (book: { id: string; title: string }) => void;
  pending: boolean;
}

/**
 * Confirms a delete, saying what goes with the book: every reader's reading-list entry and review of
 * it (they cascade), counted by GET /api/admin/books/:id/usage.
 */
export function DeleteBookDialog({ book, onClose, onConfirm, pending }: DeleteBookDialogProps) {
  const { t } = useTranslation();
  const usage = useQuery({ ...adminBookUsageQueryOptions(book?.id ?? ''), enabled: Boolean(book) });
  const description = !book
    ? ''
    : usage.data
      ? t('adminCatalogueUi.delete.body', {
          title: book.title,
          entries: t('adminCatalogueUi.delete.entries', { count: usage.data.entries }),
          reviews: t('adminCatalogueUi.delete.reviews', { count: usage.data.reviews }),
        })
      : t('adminCatalogueUi.delete.bodyUnknown', { title: book.title });
  return (
    <ConfirmDialog
      open={Boolean(book)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('adminCatalogueUi.delete.title')}
      description={description}
      confirmLabel={t('adminCatalogueUi.delete.confirm')}
      tone="danger"
      pending={pending || (Boolean(book) && usage.isPending)}
      onConfirm={() => {
        if (book) onConfirm(book);
      }}
    />
  );
}
