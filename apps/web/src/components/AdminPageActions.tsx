import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The "back to the admin dashboard" link of every admin screen. */
export function BackToDashboard({ to = '/admin/dashboard', label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="btn btn-secondary">
      {label ?? t('admin.backToDashboard')}
    </Link>
  );
}

/** Refetches an admin list; disabled (and busy) while a fetch runs. */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={onRefresh}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {t('common.refresh')}
    </button>
  );
}

/** The header actions of an admin list screen: Refresh, then back to the dashboard. */
export function AdminListActions({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  return (
    <>
      <RefreshButton onRefresh={onRefresh} busy={busy} />
      <BackToDashboard />
    </>
  );
}
