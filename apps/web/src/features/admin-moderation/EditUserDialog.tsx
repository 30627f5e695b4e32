import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUserPatchSchema, ROLES, type AdminUser, type Role } from '@nebab/shared';
import { useUpdateUserMutation } from '../../api/admin-moderation/mutations';
import { isApiError } from '../../api/client';
import { TextField } from '../../components/FormField';
import { CloseIcon } from '../../components/icons';
import { translateMessage } from '../../i18n/messages';
import { useToast } from '../toast/toastContext';

interface EditUserDialogProps {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The admin editing their own account may not demote themselves. */
  isSelf: boolean;
}

/** Edit a user's name and role; validated with the shared schema, then by the server. */
export function EditUserDialog({ user, open, onOpenChange, isSelf }: EditUserDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUserMutation();
  const roleId = useId();
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<Role>(user.role);
  const [nameError, setNameError] = useState<string | null>(null);

  function change(next: boolean) {
    if (next) {
      setName(user.name);
      setRole(user.role);
      setNameError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = adminUserPatchSchema.safeParse({ name, role });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((item) => item.path[0] === 'name');
      setNameError(translateMessage(issue?.message) ?? t('adminPeopleUi.actionFailed'));
      return;
    }
    setNameError(null);
    try {
      await update.mutateAsync({ id: user.id, patch: parsed.data });
      toast.show({ kind: 'success', message: t('adminPeopleUi.users.saved', { name: parsed.data.name }) });
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.fields.name) setNameError(error.fields.name);
      else
        toast.show({
          kind: 'error',
          message: error instanceof Error ? error.message : t('adminPeopleUi.actionFailed'),
        });
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">
              {t('adminPeopleUi.users.editTitle')}
            </Dialog.Title>
            <Dialog.Close className="icon-button -m-1 size-9 shrink-0" aria-label={t('adminPeopleUi.close')}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
            {user.email}
          </Dialog.Description>
          <form className="mt-5 grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label={t('adminPeopleUi.users.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError ?? undefined}
              autoComplete="off"
              required
            />
            <div>
              <label htmlFor={roleId} className="field-label">
                {t('adminPeopleUi.users.role')}
              </label>
              <select
                id={roleId}
                className="input"
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                disabled={isSelf}
                aria-describedby={isSelf ? `${roleId}-hint` : undefined}
              >
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {t(`adminPeopleUi.status.${value}`)}
                  </option>
                ))}
              </select>
              {isSelf ? (
                <p id={`${roleId}-hint`} className="mt-1.5 text-sm text-ink-muted">
                  {t('adminPeopleUi.users.selfRoleHint')}
                </p>
              ) : null}
            </div>
            <div className="mt-2 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn btn-secondary" type="button">
                {t('common.cancel')}
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={update.isPending}>
                {t('adminPeopleUi.users.save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
