import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { GoogleSignInButton } from './GoogleSignInButton';

/**
 * Centred card shared by the login and signup screens: heading, the form (children) with its error
 * banner, then "or", the Google button and the link to the other screen.
 */
export function AuthCard({
  title,
  subtitle,
  error,
  children,
  crossLink,
}: {
  title: string;
  subtitle: string;
  /** A form-level message (server error, sign-in callback error), shown above the fields. */
  error: string | null;
  children: ReactNode;
  /** The "or", Google and cross-link part; left out on the second login step (two-factor code). */
  crossLink: { prompt: string; label: string; to: string } | null;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="page-container flex justify-center py-10 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-3xl font-semibold">{title}</h1>
        <p className="mt-2 text-ink-muted">{subtitle}</p>
        <div className="mt-6">
          {error ? (
            <p role="alert" className="mb-4 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
          {children}
        </div>
        {crossLink ? (
          <>
            <div className="mt-6 flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-line" />
              {t('authForm.or')}
              <span className="h-px flex-1 bg-line" />
            </div>
            <div className="mt-6">
              <GoogleSignInButton />
              <p className="mt-6 text-center text-sm text-ink-muted">
                {crossLink.prompt}{' '}
                <Link to={crossLink.to} className="font-semibold text-accent underline">
                  {crossLink.label}
                </Link>
              </p>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
