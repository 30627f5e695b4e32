import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myListsQueryOptions } from '../../api/lists/queries';
import { PlusIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { ListCard } from '../../features/lists/ListCard';
import { ListFormDialog } from '../../features/lists/ListFormDialog';

/** `/dashboard/lists`: the reader's own book lists (private ones too) and New list. */
export function MyListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useQuery(myListsQueryOptions());
  const [creating, setCreating] = useState(false);
  const items = lists.data?.items ?? [];
  return (
    <PageFrame
      title={t('listsUi.myTitle')}
      description={t('listsUi.myDescription')}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          <PlusIcon className="size-5" />
          {t('listsUi.create')}
        </button>
      }
    >
      {lists.isPending ? (
        <Spinner label={t('listsUi.loading')} />
      ) : lists.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-4 p-6">
          <p>{t('listsUi.loadError')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void lists.refetch()}>
            {t('listsUi.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('listsUi.emptyMine')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('listsUi.listsLabel')}>
          {items.map((list) => (
            <li key={list.id}>
              <ListCard list={list} showOwner={false} />
            </li>
          ))}
        </ul>
      )}
      <ListFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(list) => void navigate(`/list/${encodeURIComponent(list.id)}`)}
      />
    </PageFrame>
  );
}
