import type { ReactNode } from 'react';

interface StatTileProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
}

/** A number with its label, as on the dashboards. */
export function StatTile({ label, value, icon }: StatTileProps) {
  return (
    <div className="card flex items-center gap-4 p-5">
      {icon ? (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          {icon}
        </span>
      ) : null}
      <dl className="flex flex-col-reverse">
        <dt className="text-sm text-ink-muted">{label}</dt>
        <dd className="font-display text-3xl font-semibold">{value}</dd>
      </dl>
    </div>
  );
}
