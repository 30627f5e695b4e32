import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../toast/toastContext';

/**
 * Runs an admin action and tells the result: a success toast with `successMessage`, or an error
 * toast with the server's (translated) message. Resolves true on success.
 */
export function useAdminAction() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    async (action: () => Promise<unknown>, successMessage: string): Promise<boolean> => {
      try {
        await action();
        toast.show({ kind: 'success', message: successMessage });
        return true;
      } catch (error) {
        const message =
          error instanceof Error && error.message ? error.message : t('adminPeopleUi.actionFailed');
        toast.show({ kind: 'error', message });
        return false;
      }
    },
    [toast, t],
  );
}
