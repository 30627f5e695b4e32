import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The "back to the admin dashboard" link of every admin catalogue screen. */
export function BackToDashboard({ to = '/admin/dashboard', label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="btn btn-secondary">
      {label ?? t('admin.backToDashboard')}
    </Link>
  );
}
