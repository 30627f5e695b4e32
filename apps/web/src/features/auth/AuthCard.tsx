import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';

/** Centred card shared by the login and signup screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <p className="mt-2 text-ink-muted">{subtitle}</p>
        <div className="mt-6">{children}</div>
        <div className="mt-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          {t('authForm.or')}
          <span className="h-px flex-1 bg-line" />
        </div>
        <div className="mt-6">{footer}</div>
      </div>
    </div>
  );
}
