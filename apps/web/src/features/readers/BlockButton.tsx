import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { useBlockMutation } from '../../api/readers/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../toast/toastContext';

/** Block a reader (after a confirmation that says what it does); the profile then leaves for the dashboard. */
export function BlockButton({ readerId, name }: { readerId: string; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const block = useBlockMutation();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await block.mutateAsync({ id: readerId, block: true });
      setOpen(false);
      toast.show({ kind: 'success', message: t('readersUi.blocked', { name }) });
      void navigate('/dashboard');
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <>
      <button type="button" className="btn btn-ghost text-danger" onClick={() => setOpen(true)}>
        {t('readersUi.block')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('readersUi.blockTitle', { name })}
        description={t('readersUi.blockDescription', { name })}
        confirmLabel={t('readersUi.block')}
        onConfirm={() => void confirm()}
        pending={block.isPending}
        tone="danger"
      />
    </>
  );
}
