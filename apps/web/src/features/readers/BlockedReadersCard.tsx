import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { useBlockMutation } from '../../api/readers/mutations';
import { blocksQueryOptions } from '../../api/readers/queries';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { SettingsCard } from '../settings/SettingsCard';
import { useToast } from '../toast/toastContext';

/** Settings › Privacy: the readers the caller blocked, each with Unblock. */
export function BlockedReadersCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const blocks = useQuery(blocksQueryOptions());
  const unblock = useBlockMutation();
  const items = blocks.data?.items ?? [];

  const run = async (id: string, name: string) => {
    try {
      await unblock.mutateAsync({ id, block: false });
      toast.show({ kind: 'success', message: t('readersUi.blocks.unblocked', { name }) });
    } catch (error) {
      toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
    }
  };

  return (
    <SettingsCard title={t('readersUi.blocks.title')} description={t('readersUi.blocks.description')}>
      {blocks.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : blocks.isError ? (
        <p role="alert" className="text-danger">
          {blocks.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">{t('readersUi.blocks.empty')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {items.map((reader) => (
            <li key={reader.id} className="flex items-center gap-3 py-3">
              <UserAvatar name={reader.name} pictureUrl={reader.profile_picture} size={36} />
              <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">{reader.name}</span>
              <button
                type="button"
                className="btn btn-secondary min-h-9 px-3 text-sm"
                aria-label={t('readersUi.blocks.unblockLabel', { name: reader.name })}
                disabled={unblock.isPending}
                onClick={() => void run(reader.id, reader.name)}
              >
                {t('readersUi.blocks.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
