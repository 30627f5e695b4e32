import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE_DEFAULT, type AdminUser } from '@nebab/shared';
import { adminUsersQueryOptions } from '../../api/admin-moderation/queries';
import { BackToDashboard } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { SearchIcon } from '../../components/icons';
import { ListState } from '../../features/admin-moderation/ListState';
import { StatusBadge } from '../../features/admin-moderation/StatusBadge';
import { pageHref, pageParam } from '../../features/admin-moderation/urlState';
import { useAuth } from '../../features/auth/authContext';
import { UserDetailCard } from './UserDetailCard';

/** `/admin/dashboard/manageuser`: All Users (spec §2) — search, pages, the detail card and its actions. */
export function ManageUsersPage() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageParam(params);
  const [draft, setDraft] = useState(q);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const users = useQuery(
    adminUsersQueryOptions({ q: q || undefined, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT }),
  );
  const items = users.data?.items ?? [];
  const selected: AdminUser | undefined = items.find((item) => item.id === selectedId);
  const totalPages = Math.max(1, Math.ceil((users.data?.total ?? 0) / ADMIN_PAGE_SIZE_DEFAULT));
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');

  function search(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    setParams(next);
    setSelectedId(null);
  }

  return (
    <PageFrame
      title={t('adminPeopleUi.users.title')}
      description={t('adminPeopleUi.users.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<BackToDashboard />}
    >
      <form role="search" className="mb-6 flex flex-wrap items-end gap-3" onSubmit={search}>
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="admin-user-search" className="field-label">
            {t('adminPeopleUi.users.searchLabel')}
          </label>
          <input
            id="admin-user-search"
            type="search"
            className="input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('adminPeopleUi.users.searchPlaceholder')}
            maxLength={200}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          <SearchIcon className="size-4" />
          {t('adminPeopleUi.users.searchButton')}
        </button>
      </form>

      <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
        {users.data
          ? q
            ? t('adminPeopleUi.users.countFor', {
                count: users.data.total,
                total: number.format(users.data.total),
                q,
              })
            : t('adminPeopleUi.users.count', {
                count: users.data.total,
                total: number.format(users.data.total),
              })
          : null}
      </p>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="admin-users-list">
          <h2 id="admin-users-list" className="sr-only">
            {t('adminPeopleUi.users.listHeading')}
          </h2>
          <ListState
            pending={users.isPending}
            error={users.error}
            onRetry={() => void users.refetch()}
            empty={items.length === 0}
            emptyText={q ? t('adminPeopleUi.users.noMatch', { q }) : t('adminPeopleUi.users.empty')}
          >
            <ul className="grid gap-3" data-testid="admin-users">
              {items.map((item) => {
                const active = item.id === selectedId;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-pressed={active}
                      onClick={() => setSelectedId(active ? null : item.id)}
                      data-testid="admin-user-row"
                      className={`card flex w-full flex-wrap items-center gap-x-4 gap-y-1 p-4 text-left text-ink hover:border-accent ${
                        active ? 'border-accent ring-2 ring-accent' : ''
                      }`}
                    >
                      <span className="min-w-0 flex-1 basis-48">
                        <span className="block font-semibold [overflow-wrap:anywhere]">{item.name}</span>
                        <span className="block text-sm text-ink-muted [overflow-wrap:anywhere]">
                          {item.email}
                        </span>
                      </span>
                      <span className="flex flex-wrap gap-2">
                        <StatusBadge value={item.role} />
                        <StatusBadge value={item.status} />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={page}
              totalPages={totalPages}
              hrefFor={(target) => pageHref(params, target)}
              label={t('adminPeopleUi.users.pagination')}
            />
          </ListState>
        </section>

        <aside aria-label={t('adminPeopleUi.users.detailHeading')} className="lg:sticky lg:top-24">
          {selected ? (
            <UserDetailCard
              key={selected.id}
              user={selected}
              isSelf={selected.id === me?.id}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <p className="card p-6 text-ink-muted">{t('adminPeopleUi.users.selectPrompt')}</p>
          )}
        </aside>
      </div>
    </PageFrame>
  );
}
