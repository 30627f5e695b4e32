import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@nebab/shared';
import { useDeleteUserMutation, useUpdateUserMutation } from '../../api/admin-moderation/mutations';
import { UserAvatar } from '../../components/UserAvatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditUserDialog } from '../../features/admin-moderation/EditUserDialog';
import { StatusBadge } from '../../features/admin-moderation/StatusBadge';
import { useAdminAction } from '../../features/admin-moderation/useAdminAction';
import { useFormatDate } from '../../i18n/useFormatDate';

interface UserDetailCardProps {
  user: AdminUser;
  /** The signed-in admin's own account: no Suspend, Delete or demotion. */
  isSelf: boolean;
  onDeleted: () => void;
}

/**
 * The detail card of All Users (spec §2): picture, name, email, role, status, joined, books read,
 * reviews written, sign-in provider; Edit, Suspend or Activate, Delete.
 */
export function UserDetailCard({ user, isSelf, onDeleted }: UserDetailCardProps) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const run = useAdminAction();
  const update = useUpdateUserMutation();
  const remove = useDeleteUserMutation();
  const [dialog, setDialog] = useState<'edit' | 'status' | 'delete' | null>(null);
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const suspending = user.status === 'active';
  const cardRef = useRef<HTMLElement>(null);

  // On narrow screens the card sits below the list: bring it into view when a user is selected.
  useEffect(() => {
    cardRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  async function changeStatus() {
    const ok = await run(
      () => update.mutateAsync({ id: user.id, patch: { status: suspending ? 'suspended' : 'active' } }),
      t(suspending ? 'adminPeopleUi.users.suspended' : 'adminPeopleUi.users.activated', { name: user.name }),
    );
    if (ok) setDialog(null);
  }

  async function deleteUser() {
    const ok = await run(
      () => remove.mutateAsync(user.id),
      t('adminPeopleUi.users.deleted', { name: user.name }),
    );
    if (ok) {
      setDialog(null);
      onDeleted();
    }
  }

  const facts: [string, string][] = [
    [t('adminPeopleUi.users.email'), user.email],
    [t('adminPeopleUi.users.joined'), formatDate(user.created_at)],
    [t('adminPeopleUi.users.booksRead'), number.format(user.booksRead ?? 0)],
    [t('adminPeopleUi.users.reviewsWritten'), number.format(user.reviewsWritten ?? 0)],
    [t('adminPeopleUi.users.provider'), t(`adminPeopleUi.provider.${user.auth_provider}`)],
  ];

  return (
    <article
      ref={cardRef}
      className="card p-6"
      data-testid="admin-user-detail"
      aria-labelledby="admin-user-detail-name"
    >
      <div className="flex items-center gap-4">
        <UserAvatar name={user.name} pictureUrl={user.profile_picture} size={64} />
        <div className="min-w-0">
          <h2 id="admin-user-detail-name" className="text-xl font-semibold [overflow-wrap:anywhere]">
            {user.name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <StatusBadge value={user.role} />
            <StatusBadge value={user.status} testId="admin-user-status" />
          </div>
        </div>
      </div>
      <dl className="mt-5 grid gap-3 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="font-semibold text-ink-muted">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>

      {isSelf ? <p className="mt-4 text-sm text-ink-muted">{t('adminPeopleUi.users.selfNote')}</p> : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn btn-secondary" onClick={() => setDialog('edit')}>
          {t('adminPeopleUi.users.edit')}
        </button>
        {isSelf ? null : (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('status')}>
              {suspending ? t('adminPeopleUi.users.suspend') : t('adminPeopleUi.users.activate')}
            </button>
            <button
              type="button"
              className="btn border border-danger bg-surface text-danger hover:bg-danger-soft"
              onClick={() => setDialog('delete')}
            >
              {t('adminPeopleUi.users.delete')}
            </button>
          </>
        )}
      </div>

      <EditUserDialog
        user={user}
        isSelf={isSelf}
        open={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
      />
      <ConfirmDialog
        open={dialog === 'status'}
        onOpenChange={(open) => setDialog(open ? 'status' : null)}
        title={t(suspending ? 'adminPeopleUi.users.suspendTitle' : 'adminPeopleUi.users.activateTitle', {
          name: user.name,
        })}
        description={t(suspending ? 'adminPeopleUi.users.suspendBody' : 'adminPeopleUi.users.activateBody')}
        confirmLabel={suspending ? t('adminPeopleUi.users.suspend') : t('adminPeopleUi.users.activate')}
        tone={suspending ? 'danger' : 'default'}
        pending={update.isPending}
        onConfirm={() => void changeStatus()}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('adminPeopleUi.users.deleteTitle', { name: user.name })}
        description={t('adminPeopleUi.users.deleteBody')}
        confirmLabel={t('adminPeopleUi.users.delete')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void deleteUser()}
      />
    </article>
  );
}
