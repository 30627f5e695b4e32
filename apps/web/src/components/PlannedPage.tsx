import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookmarkIcon } from './icons';
import { PageFrame } from './PageFrame';

interface PlannedPageProps {
  title: string;
  description: string;
  eyebrow?: string;
  /** Where the "back" link leads, with its label. */
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}

/** Frame of a screen whose content arrives in a later issue: heading, purpose and a friendly notice. */
export function PlannedPage({ title, description, eyebrow, back, actions, children }: PlannedPageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title} description={description} eyebrow={eyebrow} actions={actions}>
      {children}
      <div className="card flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <BookmarkIcon className="size-6" />
        </span>
        <p className="flex-1 text-ink-muted">{t('planned.body')}</p>
        <Link to={back?.to ?? '/'} className="btn btn-secondary">
          {back?.label ?? t('planned.home')}
        </Link>
      </div>
    </PageFrame>
  );
}
