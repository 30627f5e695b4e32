import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlusIcon } from '../../components/icons';
import { PlannedPage } from '../../components/PlannedPage';

/** `/admin/dashboard/managebook`: add, edit or remove books. */
export function ManageBooksPage() {
  const { t } = useTranslation();
  return (
    <PlannedPage
      title={t('pages.manageBooks.title')}
      description={t('pages.manageBooks.description')}
      eyebrow={t('admin.eyebrow')}
      back={{ to: '/admin/dashboard', label: t('admin.backToDashboard') }}
      actions={
        <Link to="/upload/book" className="btn btn-primary">
          <PlusIcon className="size-4" />
          {t('pages.manageBooks.addNew')}
        </Link>
      }
    />
  );
}
