import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@nebab/shared';
import { useRemoveOtherSessionsMutation, useRemoveSessionMutation } from '../../api/account/mutations';
import { accountSessionsQueryOptions } from '../../api/account/queries';
import { isApiError } from '../../api/client';
import { MonitorIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useToast } from '../toast/toastContext';
import { describeUserAgent } from './devices';
import { SettingsCard } from './SettingsCard';

/** Connected devices: the reader's live sessions, "This device" marked, the others removable. */
export function DevicesCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const sessions = useQuery(accountSessionsQueryOptions());
  const removeOne = useRemoveSessionMutation();
  const removeOthers = useRemoveOtherSessionsMutation();
  const [error, setError] = useState<string | null>(null);
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;

  const run = async (action: () => Promise<void>, done: string) => {
    setError(null);
    try {
      await action();
      toast.show({ kind: 'success', message: done });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  return (
    <SettingsCard
      title={t('settingsUi.devices.title')}
      description={t('settingsUi.devices.description')}
      actions={
        others > 0 ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={removeOthers.isPending}
            onClick={() => void run(() => removeOthers.mutateAsync(), t('settingsUi.devices.othersRemoved'))}
          >
            {t('settingsUi.devices.signOutOthers')}
          </button>
        ) : null
      }
    >
      {error ? (
        <p role="alert" className="mb-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {sessions.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : sessions.isError ? (
        <p role="alert" className="text-danger">
          {sessions.error.message}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="devices">
          {items.map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              removing={removeOne.isPending && removeOne.variables === session.id}
              onRemove={() =>
                void run(() => removeOne.mutateAsync(session.id), t('settingsUi.devices.removed'))
              }
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function DeviceRow({
  session,
  removing,
  onRemove,
}: {
  session: AccountSession;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { browser, os } = describeUserAgent(session.userAgent);
  const name =
    browser && os
      ? t('settingsUi.devices.browserOn', { browser, os })
      : (browser ?? os ?? t('settingsUi.devices.unknown'));
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MonitorIcon className="size-6 shrink-0 text-ink-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {name}
          {session.current ? (
            <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
              {t('settingsUi.devices.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
          {[
            session.ip ? t('settingsUi.devices.ip', { ip: session.ip }) : null,
            t('settingsUi.devices.lastSeen', {
              date: formatDate(session.lastSeenAt, { dateStyle: 'medium', timeStyle: 'short' }),
            }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-ghost text-danger"
          disabled={removing}
          onClick={onRemove}
          aria-label={t('settingsUi.devices.removeNamed', { name })}
        >
          {t('settingsUi.devices.remove')}
        </button>
      )}
    </li>
  );
}
