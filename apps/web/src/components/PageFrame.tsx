import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface PageFrameProps {
  title: string;
  description?: string;
  /** Small line above the heading (e.g. the section the page belongs to). */
  eyebrow?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The common frame of a screen: one h1, an optional lead line and the content below. */
export function PageFrame({ title, description, eyebrow, actions, children }: PageFrameProps) {
  usePageTitle(title);
  return (
    <div className="page-container py-10 sm:py-14">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          {eyebrow ? (
            <p className="mb-2 text-sm font-semibold tracking-wide text-gold uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="text-3xl font-semibold [overflow-wrap:anywhere] sm:text-4xl">{title}</h1>
          {description ? (
            <p className="mt-3 text-lg text-ink-muted [overflow-wrap:anywhere]">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
